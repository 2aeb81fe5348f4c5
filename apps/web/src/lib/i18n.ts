import { DEFAULT_LANGUAGE, LOCALES, type Locale, resolveLocale, STORAGE_KEYS } from "@cryptos/contract";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * Translations live in `src/locales/<locale>/<namespace>.json` and load on first use: a feature that adds
 * `locales/*\/market.json` and calls `useTranslation("market")` needs nothing else.
 */
const files = import.meta.glob<ResourceKey>("../locales/*/*.json", { import: "default" });

const lazyJsonBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next;

function storedLocale(): Locale {
  try {
    return resolveLocale(localStorage.getItem(STORAGE_KEYS.language) ?? DEFAULT_LANGUAGE);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLocale(): Locale {
  return resolveLocale(i18next.resolvedLanguage ?? i18next.language);
}

/** `namespaces`: those the first screen needs besides "common", loaded at the same time. */
export async function initI18n(namespaces: readonly string[] = []): Promise<void> {
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = resolveLocale(language);
  });
  await i18next
    .use(lazyJsonBackend)
    .use(initReactI18next)
    .init({
      lng: storedLocale(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LOCALES],
      load: "currentOnly",
      ns: ["common", ...namespaces],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  document.documentElement.lang = currentLocale();
}

/** Switches the interface language and remembers it (the spec's saved preference). */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18next.changeLanguage(locale);
}
