import { type Locale, resolveLocale } from "@cryptos/contract";
import { catalogs, type MessageKey } from "./catalog";

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

/** The message for `key` in `locale` (English when missing), with `{name}` placeholders filled. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogs[locale][key] ?? catalogs.en[key];
  return template.replace(/\{(\w+)\}/g, (whole: string, name: string) => {
    const value = params[name];
    return value === undefined ? whole : formatParam(locale, name, value, params);
  });
}

export { resolveLocale };
