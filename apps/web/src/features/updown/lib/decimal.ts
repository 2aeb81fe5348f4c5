import { formatMoney } from "@/lib/format";

/**
 * Just enough exact decimal arithmetic for what the order sheet displays (amount x rate, amount + earnings,
 * comparisons against min/max). Values are scaled BigInts: no float ever touches money.
 */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

function parse(value: string): Scaled | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}` || "0");
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== "0" ? `-${text}` : text;
}

export const isDecimal = (value: string) => parse(value) !== null;

/** a x b, exact ("10" x "0.75" = "7.5"); null when either is not a decimal string. */
export function multiply(a: string, b: string): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  return format({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a + b, exact. */
export function add(a: string, b: string): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** -1, 0 or 1 as a < b, a = b, a > b; null when either is not a decimal string. */
export function compare(a: string, b: string): -1 | 0 | 1 | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

/** A rate as percent points, exact ("0.75" -> "75"). */
export const ratePercent = (rate: string) => multiply(rate, "100") ?? rate;

/** A profit with its sign and currency ("7.5" -> "+7.50 USDT", "-10" -> "-10.00 USDT", "0" -> "0.00 USDT"). */
export function signedMoney(value: string, currency: string): string {
  return formatMoney(value, currency, { signed: true });
}
