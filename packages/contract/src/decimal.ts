/**
 * The one decimal entry point (`@cryptos/contract/decimal`, decision 132): exact arithmetic on the decimal strings
 * the API sends ("12.5", "-0.0002"), as scaled BigInts, so no float ever touches money. The web's sums, products and
 * comparisons and the contract's amount rule (validators' `amountIssue`) go through here; the server keeps decimal.js
 * for its ledger arithmetic and shares the precision rule (`significantDecimals`). The verifier stays independent.
 *
 * Bad input: a value that is not a plain decimal string (optional sign, digits, optional fraction; no exponent, no
 * grouping) throws a `TypeError`. Amounts from the server are always decimal strings, so a throw is a bug; what
 * the user types is checked first, with `isDecimal` or the contract's `amountIssue`, and never reaches the
 * arithmetic unchecked. Only `divide` answers null, for a zero divisor.
 */
const DECIMAL = /^([-+])?(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

/** True for a plain decimal string such as "12", "0.5", "-3.25" (surrounding spaces allowed). */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

function parse(value: string | number): Scaled {
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new TypeError(`not a decimal string: "${text}"`);
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** The shortest spelling: no trailing zeros, no "-0". */
function render({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== "0" ? `-${text}` : text;
}

/** Counts the decimals of a decimal string as written ("1.250" has 3). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Decimals that carry a value: "10.50" has 1, "10.00" has 0 (the server's rule for a currency's precision). */
export function significantDecimals(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.slice(dot + 1).replace(/0+$/, "").length;
}

/** a + b. */
export function add(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a - b. */
export function subtract(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) - rescale(y, scale), scale });
}

/** The product of decimal strings and whole numbers such as a day count ("10" x "0.75" = "7.5"). */
export function multiply(...factors: Array<string | number>): string {
  let result: Scaled = { units: 1n, scale: 0 };
  for (const factor of factors) {
    const next = parse(factor);
    result = { units: result.units * next.units, scale: result.scale + next.scale };
  }
  return render(result);
}

/** `value` cut toward zero to `places` decimals, as the server books an amount in a currency's units. */
export function truncate(value: string, places: number): string {
  const x = parse(value);
  if (x.scale <= places) return render(x);
  return render({ units: x.units / 10n ** BigInt(x.scale - places), scale: places });
}

/** a ÷ b, rounded toward zero to `places` decimals (display only: an inverted rate); null when b is zero. */
export function divide(a: string, b: string, places: number): string | null {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) return null;
  // a/b = (xu / 10^xs) / (yu / 10^ys); scaled by 10^places: xu * 10^(places + ys) / (yu * 10^xs)
  const numerator = x.units * 10n ** BigInt(places + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return render({ units: numerator / denominator, scale: places });
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const diff = rescale(x, scale) - rescale(y, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** The sign of a decimal string, -1, 0 or 1; an absent value (null, undefined, "") counts as 0. */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  return value ? compare(value, "0") : 0;
}

/** Sum of many decimal strings ("0" for none). */
export function sum(values: readonly string[]): string {
  return values.reduce((total, value) => add(total, value), "0");
}

/** The smallest of one or more decimal strings, as given. */
export function minOf(first: string, ...rest: string[]): string {
  return rest.reduce((low, value) => (compare(value, low) < 0 ? value : low), first);
}

/** A rate as percent points, exactly: "0.0005" -> "0.05". */
export function ratePercent(rate: string): string {
  return multiply(rate, "100");
}

/** Keeps what the user types to digits and one point, at most `decimals` places ("12.3456", 2 -> "12.34"). */
export function sanitizeAmountInput(value: string, decimals: number): string {
  const cleaned = value.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const [whole = "", ...rest] = cleaned.split(".");
  if (rest.length === 0) return whole;
  if (decimals <= 0) return whole;
  return `${whole}.${rest.join("").slice(0, decimals)}`;
}
