import type { TickMarkType, Time } from "lightweight-charts";
import { currentLocale } from "@/lib/i18n";

const asDate = (time: Time): Date =>
  typeof time === "number"
    ? new Date(time * 1000)
    : new Date(typeof time === "string" ? time : Date.UTC(time.year, time.month - 1, time.day));

const DATE_PARTS = {
  year: { year: "numeric" },
  month: { month: "short" },
  day: { month: "numeric", day: "numeric" },
  time: { hour: "2-digit", minute: "2-digit" },
  crosshair: { dateStyle: "short", timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A date format of the viewer's language, made once and reused for every label the chart asks for. */
function dateFormat(parts: keyof typeof DATE_PARTS): Intl.DateTimeFormat {
  const key = `${currentLocale()}|${parts}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(currentLocale(), DATE_PARTS[parts]);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * The library's TickMarkType values: its enum is in its file, which loads only when the chart is made (the app's
 * own first view, KlineSketch, labels its axis with these too).
 */
export const TICK = { year: 0, month: 1, day: 2, time: 3 } as const;

/** Axis labels in the viewer's time zone and language (the library would print UTC in English). */
export function tickLabel(time: Time, kind: TickMarkType): string {
  const date = asDate(time);
  switch (kind as number) {
    case TICK.year:
      return dateFormat("year").format(date);
    case TICK.month:
      return dateFormat("month").format(date);
    case TICK.day:
      return dateFormat("day").format(date);
    default:
      return dateFormat("time").format(date);
  }
}

export const crosshairLabel = (time: Time): string => dateFormat("crosshair").format(asDate(time));

/** Prices at the pair's precision, in the viewer's language. */
export const priceFormat = (decimals: number) =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
