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
  if (!/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return value;
  return numberFormat(currentLocale(), minFraction, maxFraction, signed).format(asIntlInput(value));
}

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
      signDisplay: signed ? "exceptZero" : "auto",
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A change in percent given as a decimal string of percent points ("1.5" -> "+1.50%"). */
export function formatPercent(value: Decimal, fraction = 2): string {
  return `${formatDecimal(value, { minFraction: fraction, maxFraction: fraction, signed: true })}%`;
}

/** An amount with its currency code ("12.5", "USDT" -> "12.50 USDT"). */
export function formatMoney(value: Decimal, currency: string, fraction = 2): string {
  return `${formatDecimal(value, { minFraction: fraction, maxFraction: Math.max(fraction, 8) })} ${currency}`;
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
