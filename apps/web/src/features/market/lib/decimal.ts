/**
 * Comparison of decimal strings without turning them into floats ("0.1" vs "0.10000000000000001" stay exact).
 * Accepts an optional sign, digits and an optional fraction; anything else compares as zero.
 */
const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

function parts(value: string): { negative: boolean; int: string; frac: string } {
  const match = DECIMAL.exec(value.trim());
  if (!match) return { negative: false, int: "0", frac: "" };
  const int = (match[2] ?? "0").replace(/^0+(?=\d)/, "");
  const frac = (match[3] ?? "").replace(/0+$/, "");
  const zero = int === "0" && frac === "";
  return { negative: match[1] === "-" && !zero, int, frac };
}

function compareMagnitude(a: { int: string; frac: string }, b: { int: string; frac: string }): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const width = Math.max(a.frac.length, b.frac.length);
  const fa = a.frac.padEnd(width, "0");
  const fb = b.frac.padEnd(width, "0");
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimal(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  if (pa.negative !== pb.negative) return pa.negative ? -1 : 1;
  const magnitude = compareMagnitude(pa, pb);
  return pa.negative ? -magnitude : magnitude;
}

/** The sign of a decimal string: -1, 0 or 1. */
export const signOf = (value: string | null | undefined): number => (value ? compareDecimal(value, "0") : 0);
