import type { Locale } from "@cryptos/contract";
import type { PluralBase } from "@cryptos/i18n";
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fi from "./locales/fi.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import ja from "./locales/ja.json";
import ko from "./locales/ko.json";
import pt from "./locales/pt.json";
import ru from "./locales/ru.json";
import th from "./locales/th.json";
import vi from "./locales/vi.json";
import zhHans from "./locales/zh-Hans.json";
import zhHant from "./locales/zh-Hant.json";

/**
 * Every server text of one language in one file, `locales/<locale>.json` (i18next JSON): the messages grouped by
 * module (`common`, `http`, `accounts`, …), and `seed`, the first-start content (menus, help pages, the welcome
 * announcement). English is the source: its keys are the MessageKey type, so a misspelt key fails `tsc`; the
 * other languages are held to it by catalog.test.ts (every key, every placeholder, the plural forms they need).
 * A key is unique across the modules: services name it without its group.
 */
export type Catalogue = typeof en;
type MessageGroups = Omit<Catalogue, "seed">;
type CatalogueKey = { [G in keyof MessageGroups]: keyof MessageGroups[G] & string }[keyof MessageGroups];
/** `code_wait_one` and `code_wait_other` are the key `code_wait`, given a `count`. */
export type MessageKey = PluralBase<CatalogueKey>;

/** Adding a language: its file in locales/, its line here (and its code in the contract's LOCALES). */
export const catalogues: Record<Locale, unknown> = {
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

/** The messages of one language by key (the groups merged), for translate. */
export function messagesOf(catalogue: unknown): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [group, texts] of Object.entries(catalogue as Record<string, Record<string, unknown>>)) {
    if (group === "seed") continue;
    for (const [key, text] of Object.entries(texts)) if (typeof text === "string") messages.set(key, text);
  }
  return messages;
}

/** The first-start content of one language (modules/content/seed-texts.ts); same shape in every language. */
export function seedTextsOf(locale: Locale): Catalogue["seed"] {
  return (catalogues[locale] as Catalogue).seed;
}
