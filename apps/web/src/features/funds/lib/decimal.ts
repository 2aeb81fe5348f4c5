/**
 * Exact arithmetic on the decimal strings the API sends ("12.5", "-0.0002"), with BigInt: enough for the sums a
 * screen shows (total value, amount + fee). Never through JS numbers, so no float rounding creeps in.
 */
const DECIMAL = /^([-+])?(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}` || "0");
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function render({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** True for a plain decimal string such as "12", "0.5", "-3.25". */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

/** a + b; a value that is not a decimal counts as 0. */
export function add(a: string, b: string): string {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a × b, exact. */
export function multiply(a: string, b: string): string {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  return render({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compare(a: string, b: string): number {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale) - rescale(y, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** Sum of many decimal strings. */
export function sum(values: readonly string[]): string {
  return values.reduce((total, value) => add(total, value), "0");
}

/** How many decimal places the string has ("1.250" -> 3). */
export function decimalPlaces(value: string): number {
  return parse(value)?.scale ?? 0;
}

/** Keeps what the user types to digits and one point, at most `decimals` places ("12.3456", 2 -> "12.34"). */
export function sanitizeAmountInput(value: string, decimals: number): string {
  const cleaned = value.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const [whole = "", ...rest] = cleaned.split(".");
  if (rest.length === 0) return whole;
  if (decimals <= 0) return whole;
  return `${whole}.${rest.join("").slice(0, decimals)}`;
}

/** a - b. */
export function subtract(a: string, b: string): string {
  const y = b.trim();
  return add(a, y.startsWith("-") ? y.slice(1) : `-${y.replace(/^\+/, "")}`);
}

/** a ÷ b, rounded down to `places` decimals (display only: an inverted rate); null when b is zero or not a decimal. */
export function divide(a: string, b: string, places: number): string | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y || y.units === 0n) return null;
  // a/b = (xu / 10^xs) / (yu / 10^ys); scaled by 10^places: xu * 10^(places + ys) / (yu * 10^xs)
  const numerator = x.units * 10n ** BigInt(places + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return render({ units: numerator / denominator, scale: places });
}
