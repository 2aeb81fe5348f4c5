// Exact decimals on BigInt: the verifier must not round where the server does not, so no floats anywhere.

/** "12.340" -> { units: 12340n, scale: 3 }; throws on anything that is not a plain decimal. */
export function parseDecimal(text) {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text).trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(whole + fraction) * (sign ? -1n : 1n);
  return { units, scale: fraction.length };
}

const rescale = (d, scale) => d.units * 10n ** BigInt(scale - d.scale);

/** -1, 0 or 1. */
export function compareDecimal(a, b) {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const l = rescale(x, scale);
  const r = rescale(y, scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Plain notation without trailing zeros: "12.3400" -> "12.34", "5.000" -> "5". */
export function formatDecimal({ units, scale }) {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  let text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  if (scale) text = text.replace(/0+$/, "").replace(/\.$/, "");
  digits = text;
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

export function addDecimal(a, b) {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return formatDecimal({ units: rescale(x, scale) + rescale(y, scale), scale });
}

export function multiplyDecimal(a, b) {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** Toward zero, to `decimals` places (what the house cannot pay in the currency's unit, it does not pay). */
export function truncateDecimal(a, decimals) {
  const x = parseDecimal(a);
  if (x.scale <= decimals) return formatDecimal(x);
  return formatDecimal({ units: x.units / 10n ** BigInt(x.scale - decimals), scale: decimals });
}

export const sameDecimal = (a, b) => a != null && b != null && compareDecimal(a, b) === 0;
