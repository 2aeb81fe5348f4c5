import type { Direction, UpDownResult } from "@cryptos/contract";
import { Money, toCurrencyUnits } from "../../lib/decimal";

/**
 * The whole rule of an up/down order, from its two recorded prices: up wins if exit > entry, down wins if
 * exit < entry, equal prices are a tie. No other input exists.
 */
export function outcome(direction: Direction, entryPrice: string, exitPrice: string): UpDownResult {
  const cmp = new Money(exitPrice).comparedTo(entryPrice);
  if (cmp === 0) return "tie";
  return (direction === "up") === cmp > 0 ? "win" : "lose";
}

/** What the order pays back: amount x (1 + rate) on a win (rounded down to the currency), the amount on a tie. */
export function payout(result: UpDownResult, amount: string, payoutRate: string, decimals: number): string {
  if (result === "lose") return "0";
  if (result === "tie") return new Money(amount).toFixed();
  return toCurrencyUnits(new Money(amount).times(new Money(1).plus(payoutRate)), decimals).toFixed();
}
