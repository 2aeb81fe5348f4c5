import { Money, toAmount } from "../../lib/decimal";

/**
 * An on-chain integer in a currency: raw / 10^decimals truncated to the currency's `places` (what is credited) and
 * the rest (kept on the row, shown to operators, never rounded up into a credit).
 */
export function chainAmount(raw: bigint, decimals: number, places: number): { amount: string; remainder: string } {
  const exact = new Money(raw.toString()).div(new Money(10).pow(decimals));
  const amount = exact.toDecimalPlaces(places, Money.ROUND_DOWN);
  return { amount: toAmount(amount), remainder: toAmount(exact.minus(amount)) };
}

/** The smallest on-chain units of a decimal amount (the minimum deposit of the file). */
export const toRawUnits = (value: string, decimals: number): bigint =>
  BigInt(new Money(value).mul(new Money(10).pow(decimals)).toFixed(0));
