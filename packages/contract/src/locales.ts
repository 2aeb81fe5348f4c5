/**
 * The interface languages. The spec says 14 but names 13; Russian is the 14th
 * (docs/decisions/002-fourteen-languages-the-specs-thirteen-plus.md).
 * English is the default and the fallback.
 */
export const LOCALES = [
  "en",
  "zh-Hans",
  "zh-Hant",
  "ja",
  "ko",
  "th",
  "vi",
  "fr",
  "es",
  "it",
  "de",
  "pt",
  "fi",
  "ru",
] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
  ja: "日本語",
  ko: "한국어",
  th: "ไทย",
  vi: "Tiếng Việt",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  de: "Deutsch",
  pt: "Português",
  fi: "Suomi",
  ru: "Русский",
};

const ALIASES: Record<string, Locale> = {
  zh: "zh-Hans",
  "zh-cn": "zh-Hans",
  "zh-sg": "zh-Hans",
  "zh-hans": "zh-Hans",
  "zh-tw": "zh-Hant",
  "zh-hk": "zh-Hant",
  "zh-mo": "zh-Hant",
  "zh-hant": "zh-Hant",
};

/** The supported locale a language tag ("zh-CN", "pt-BR", "de", "en-GB") names, or undefined for another language. */
export function matchLocale(input: string | null | undefined): Locale | undefined {
  if (!input) return undefined;
  const wanted = input.trim().toLowerCase();
  if (ALIASES[wanted]) return ALIASES[wanted];
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split(/[-_]/)[0] ?? "";
  if (base === "zh") return wanted.includes("tw") || wanted.includes("hk") ? "zh-Hant" : "zh-Hans";
  return LOCALES.find((l) => l === base);
}

/** Maps a `lang` header or stored preference ("zh-CN", "pt-BR", "de") to a supported locale, else English. */
export function resolveLocale(input: string | null | undefined): Locale {
  return matchLocale(input) ?? "en";
}

/** The first of a browser's languages (navigator.languages, most wanted first) that is supported, if any. */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}
