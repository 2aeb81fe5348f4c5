import { LOCALES, type Locale, resolveLocale } from "@cryptos/contract";
import { interpolate, pluralCandidates } from "@cryptos/i18n";
import { catalogues, type MessageKey, messagesOf } from "./catalog";

export type { MessageKey } from "./catalog";
export type MessageParams = Record<string, string | number>;

/** Params that hold an amount of money (with a `{currency}` beside them): grouped, at least two places. */
const AMOUNT_PARAMS = new Set(["amount", "total", "principal", "left", "earned", "min", "max", "fee", "receive"]);
/** Params that hold a price: grouped, every place kept (a pair's precision is in the value). */
const PRICE_PARAMS = new Set(["price", "level"]);
const DECIMAL = /^-?\d+(\.\d+)?$/;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, minFraction: number): Intl.NumberFormat {
  const key = `${locale}|${minFraction}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: minFraction, maximumFractionDigits: 20 });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A param as the reader's language writes it: an amount or price given as a decimal string is grouped and uses the
 * locale's separator ("1000" USDT -> "1,000.00", "1.000,00" in German), exactly (Intl takes the string, no float);
 * amounts show at least two places, as the app shows them. Anything else is written as given.
 */
export function formatParam(locale: Locale, name: string, value: string | number, params: MessageParams): string {
  if (typeof value !== "string" || !DECIMAL.test(value)) return String(value);
  const places = value.split(".")[1]?.length ?? 0;
  if (AMOUNT_PARAMS.has(name) && "currency" in params) {
    return numberFormat(locale, Math.max(2, places)).format(value as Intl.StringNumericLiteral);
  }
  if (PRICE_PARAMS.has(name)) return numberFormat(locale, places).format(value as Intl.StringNumericLiteral);
  return value;
}

const messages = Object.fromEntries(LOCALES.map((locale) => [locale, messagesOf(catalogues[locale])])) as Record<
  Locale,
  Map<string, string>
>;

/**
 * The message for `key` in `locale` (English when missing), with `{{name}}` placeholders filled. A `count` param
 * picks the plural form by the language's rule (`key_one`, `key_few`, `key_many`, `key_other`).
 */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const count = typeof params.count === "number" ? params.count : undefined;
  for (const language of locale === "en" ? (["en"] as const) : [locale, "en" as const]) {
    // Without a count, a plural message still reads right with its "other" form rather than showing its key.
    const candidates = count === undefined ? [key, `${key}_other`] : pluralCandidates(language, key, count);
    for (const candidate of candidates) {
      const template = messages[language].get(candidate);
      if (template !== undefined) {
        return interpolate(template, params, (name, value) =>
          formatParam(locale, name, value as string | number, params),
        );
      }
    }
  }
  return key;
}

export { resolveLocale };
