import type { Locale } from "@cryptos/contract";

/**
 * A module's own messages in all 14 languages. English is the source; TypeScript refuses a locale that misses a
 * key. Register the result in `catalog.ts`.
 */
export function defineMessages<T extends Record<string, string>>(
  messages: { en: T } & Record<Exclude<Locale, "en">, Record<keyof T, string>>,
): Record<Locale, T> {
  return messages as Record<Locale, T>;
}
