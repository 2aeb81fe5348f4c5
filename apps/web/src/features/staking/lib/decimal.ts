/**
 * Exact decimal arithmetic on decimal strings with scaled BigInts: the return estimate shown before a user
 * confirms must be the exact figure, never a float approximation.
 */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value.trim());
}

function parse(value: string): Scaled {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

function align(a: Scaled, b: Scaled): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)];
}

/** The exact product of decimal strings (and whole numbers such as a day count). */
export function multiply(...factors: Array<string | number>): string {
  let result: Scaled = { units: 1n, scale: 0 };
  for (const factor of factors) {
    const next = parse(String(factor));
    result = { units: result.units * next.units, scale: result.scale + next.scale };
  }
  return format(result);
}

export function add(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const [x, y] = align(left, right);
  return format({ units: x + y, scale: Math.max(left.scale, right.scale) });
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(parse(a), parse(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function minOf(first: string, ...rest: string[]): string {
  return rest.reduce((low, value) => (compare(value, low) < 0 ? value : low), first);
}

/** A rate as percent points, exactly: "0.0005" -> "0.05". */
export function ratePercent(rate: string): string {
  return multiply(rate, "100");
}

/** Interest over the whole term: principal x daily rate x days. */
export function termInterest(principal: string, dailyRate: string, days: number): string {
  return multiply(principal, dailyRate, days);
}
