import { currentLocale } from "./i18n";

/** Intl accepts decimal strings exactly (no float rounding on the way); amounts stay strings. */
type Decimal = string;

function asIntlInput(value: Decimal): Intl.StringNumericLiteral {
  return value.trim() as Intl.StringNumericLiteral;
}

export interface DecimalFormat {
  minFraction?: number;
  maxFraction?: number;
  /** Always show the sign, for changes: +1.23 / -1.23. */
  signed?: boolean;
}

/** Formats a decimal string for display in the current language ("1234.5" -> "1,234.50"). */
export function formatDecimal(value: Decimal, options: DecimalFormat = {}): string {
  const { minFraction = 2, maxFraction = Math.max(minFraction, 8), signed = false } = options;
  if (!DECIMAL.test(value.trim())) return value;
  return numberFormat(currentLocale(), minFraction, Math.max(minFraction, maxFraction), signed).format(
    asIntlInput(value),
  );
}

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/**
 * Number formats by locale and options, made once: building an Intl.NumberFormat costs far more than using one,
 * and a market list formats every row's price and change on every tick.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, minFraction: number, maxFraction: number, signed: boolean): Intl.NumberFormat {
  const key = `${locale}|${minFraction}|${maxFraction}|${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      // "negative": a value that rounds to zero shows "0.00", never "-0.00".
      signDisplay: signed ? "exceptZero" : "negative",
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A change in percent given as a decimal string of percent points ("1.5" -> "+1.50%"). */
export function formatPercent(value: Decimal, fraction = 2): string {
  return `${formatDecimal(value, { minFraction: fraction, maxFraction: fraction, signed: true })}%`;
}

/**
 * Decimals per currency, from the server's currency list (GET /api/index/currencies: USDT 2, BTC 8, SOL 6...).
 * Loaded at start (and kept in storage, so the first paint already has them); a currency not in it shows 2 to 8
 * places, as it is.
 */
const currencyDecimals = new Map<string, number>();

export function setCurrencyDecimals(items: readonly { code: string; decimals: number }[]): void {
  currencyDecimals.clear();
  for (const item of items) currencyDecimals.set(item.code, item.decimals);
}

/** The currency's decimals, if known. */
export function decimalsOf(currency: string): number | undefined {
  return currencyDecimals.get(currency);
}

/**
 * How many places an amount of the currency shows: at most the currency's decimals (what the ledger keeps), at least
 * two (or fewer, for a currency with fewer), so "51" USDT reads "51.00" and "0.0015" BTC "0.0015".
 */
export function amountFraction(currency: string): { minFraction: number; maxFraction: number } {
  const decimals = currencyDecimals.get(currency);
  if (decimals === undefined) return { minFraction: 2, maxFraction: 8 };
  return { minFraction: Math.min(2, decimals), maxFraction: decimals };
}

export interface AmountFormat {
  /** Always show the sign: +51.00 / -51.00 (bills: money in and out). */
  signed?: boolean;
}

/**
 * An amount of a currency, number only, in the reader's language and the currency's precision ("1234.5", "USDT" ->
 * "1,234.50"; "1234.5" in German -> "1.234,50"). Exact: the decimal string goes to Intl as a string, never through
 * a float, so no digit shown is changed; an estimate with more places than the currency keeps is rounded half up.
 */
export function formatAmount(value: Decimal, currency: string, options: AmountFormat = {}): string {
  return formatDecimal(value, { ...amountFraction(currency), signed: options.signed ?? false });
}

/**
 * The two ends of a range with the same places, so "0.001 – 5" reads "0.001 – 5.000", not "0.001 – 5.00": the
 * places the more precise end needs, within the currency's precision.
 */
export function formatAmountRange(min: Decimal, max: Decimal, currency: string): { min: string; max: string } {
  const { minFraction, maxFraction } = amountFraction(currency);
  const places = (value: string) => (value.trim().split(".")[1] ?? "").replace(/0+$/, "").length;
  const fraction = Math.min(maxFraction, Math.max(minFraction, places(min), places(max)));
  const format = (value: string) => formatDecimal(value, { minFraction: fraction, maxFraction: fraction });
  return { min: format(min), max: format(max) };
}

/**
 * A rate or price in a currency ("1 BTC = 96,702.44 USDT"): the currency's places, and for a price below 1 enough
 * places to show four significant digits ("0.1623", "0.00001034"), at most 12.
 */
export function formatRate(value: Decimal, currency: string): string {
  const trimmed = value.trim().replace(/^[-+]/, "");
  const [whole = "", fraction = ""] = trimmed.split(".");
  const leadingZeros = /^0*$/.test(whole) ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  const decimals = currencyDecimals.get(currency) ?? 2;
  const maxFraction = Math.min(12, Math.max(decimals, /^0*$/.test(whole) ? leadingZeros + 4 : 0));
  return formatDecimal(value, { minFraction: Math.min(2, maxFraction), maxFraction });
}

/** An amount with its currency code ("12.5", "USDT" -> "12.50 USDT"), at the currency's precision. */
export function formatMoney(value: Decimal, currency: string, options: AmountFormat = {}): string {
  return `${formatAmount(value, currency, options)} ${currency}`;
}

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

type DateStyle = "dateTime" | "date" | "time";
const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "medium" },
  date: { dateStyle: "medium" },
  time: { timeStyle: "medium" },
};

/** Date formats by locale, made once, as the number formats are: lists and live screens format on every render. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(style: DateStyle): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[style]);
    dateFormats.set(key, format);
  }
  return format;
}

export function formatDateTime(value: string | number | Date): string {
  return dateFormat("dateTime").format(toDate(value));
}

export function formatDate(value: string | number | Date): string {
  return dateFormat("date").format(toDate(value));
}

export function formatTime(value: string | number | Date): string {
  return dateFormat("time").format(toDate(value));
}
