import { LOCALES } from "@cryptos/contract";
import { type Catalogue, seedTextsOf } from "../../i18n/catalog";
import type { LocalizedText } from "../messages/service";
import type { StoredHelpPage, StoredMenuEntry } from "./service";

/**
 * First-start content. Operators edit it afterwards in the console; these are only the defaults. Each text is
 * written in every language, in the `seed` group of that language's catalogue (i18n/locales/<locale>.json).
 */
type SeedTexts = Catalogue["seed"];
type HomeMenuKey = keyof SeedTexts["home_menus"];
type SoftMenuKey = keyof SeedTexts["soft_menus"];

/** The same text in every locale, as stored. */
function everyLocale(pick: (texts: SeedTexts) => string): LocalizedText {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pick(seedTextsOf(locale))]));
}

function homeMenu(key: HomeMenuKey, icon: string, route: string): StoredMenuEntry {
  return { key, icon, route, label: everyLocale((t) => t.home_menus[key]) };
}

function softMenu(key: SoftMenuKey, icon: string, route: string): StoredMenuEntry {
  return { key, icon, route, label: everyLocale((t) => t.soft_menus[key]) };
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
