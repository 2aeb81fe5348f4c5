import { LOCALES, type Locale } from "@cryptos/contract";
import type { LocalizedText } from "../messages/service";
import { de } from "./seed-locales/de";
import { en } from "./seed-locales/en";
import { es } from "./seed-locales/es";
import { fi } from "./seed-locales/fi";
import { fr } from "./seed-locales/fr";
import { it } from "./seed-locales/it";
import { ja } from "./seed-locales/ja";
import { ko } from "./seed-locales/ko";
import { pt } from "./seed-locales/pt";
import { ru } from "./seed-locales/ru";
import { th } from "./seed-locales/th";
import type { HomeMenuKey, SeedTexts, SoftMenuKey } from "./seed-locales/types";
import { vi } from "./seed-locales/vi";
import { zhHans } from "./seed-locales/zh-Hans";
import { zhHant } from "./seed-locales/zh-Hant";
import type { StoredHelpPage, StoredMenuEntry } from "./service";

/**
 * First-start content. Operators edit it afterwards in the console; these are only the defaults. Each text is
 * written in every language (one file per locale in ./seed-locales/); "en" is the source.
 */
const TEXTS: Record<Locale, SeedTexts> = {
  en,
  "zh-Hans": zhHans,
  "zh-Hant": zhHant,
  ja,
  ko,
  th,
  vi,
  fr,
  es,
  it,
  de,
  pt,
  fi,
  ru,
};

/** The same text in every locale, as stored. */
function everyLocale(pick: (texts: SeedTexts) => string): LocalizedText {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pick(TEXTS[locale])]));
}

function homeMenu(key: HomeMenuKey, icon: string, route: string): StoredMenuEntry {
  return { key, icon, route, label: everyLocale((t) => t.homeMenus[key]) };
}

function softMenu(key: SoftMenuKey, icon: string, route: string): StoredMenuEntry {
  return { key, icon, route, label: everyLocale((t) => t.softMenus[key]) };
}

function helpPage(key: "help" | "ammhelp"): StoredHelpPage {
  return { title: everyLocale((t) => t[key].title), body: everyLocale((t) => t[key].body.join("")) };
}

export const HOME_MENUS: StoredMenuEntry[] = [
  homeMenu("recharge", "deposit", "/pages/user/recharge"),
  homeMenu("withdraw", "withdraw", "/pages/assets/assets?sheet=withdraw"),
  homeMenu("exchange", "exchange", "/pages/assets/assets?sheet=exchange"),
  homeMenu("arbitrage", "staking", "/pages/index/arbitrage"),
  homeMenu("trade", "trade", "/pages/transaction/transaction"),
  homeMenu("bills", "bills", "/pages/user/account-bill"),
  homeMenu("realname", "verify", "/pages/user/realname"),
  homeMenu("help", "help", "/pages/common/help"),
];

export const SOFT_MENUS: StoredMenuEntry[] = [
  softMenu("messages", "messages", "/pages/user/message"),
  softMenu("announcements", "announcement", "/pages/user/message?cid=1"),
  softMenu("help", "help", "/pages/common/help"),
  softMenu("ammhelp", "staking", "/pages/common/ammhelp"),
  softMenu("language", "language", "/pages/user/account?sheet=language"),
];

export const HELP_PAGES: Record<"help" | "ammhelp", StoredHelpPage> = {
  help: helpPage("help"),
  ammhelp: helpPage("ammhelp"),
};

export const WELCOME_ANNOUNCEMENT: { title: LocalizedText; body: LocalizedText } = {
  title: everyLocale((t) => t.welcome.title),
  body: everyLocale((t) => t.welcome.body),
};
