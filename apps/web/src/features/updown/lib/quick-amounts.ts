import { compare, divide, isDecimal, minOf, multiply } from "@cryptos/contract/decimal";

/** The order sheet's quick amounts: these shares of the available balance, then the last amount placed. */
export const QUICK_SHARES = [25, 50, 100] as const;

/**
 * `percent` % of `available`, exactly, cut (never rounded up) to the stake currency's `decimals` and capped at the
 * pair's `max`: 25 % of 1,000.01 USDT at 2 places is "250" (250.0025 cut). Null when there is nothing to share.
 */
export function shareOf(available: string, percent: number, decimals: number, max: string): string | null {
  if (!isDecimal(available) || compare(available, "0") <= 0) return null;
  const share = divide(multiply(available, percent), "100", decimals);
  if (share === null || compare(share, "0") <= 0) return null;
  return minOf(share, max);
}

const lastKey = (userId: number, currency: string) => `updown_last_amount:${userId}:${currency}`;

/** The amount of this user's last order in `currency` on this device, if any. */
export function lastAmount(userId: number, currency: string): string | null {
  try {
    const value = localStorage.getItem(lastKey(userId, currency));
    return value && isDecimal(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLastAmount(userId: number, currency: string, amount: string): void {
  try {
    localStorage.setItem(lastKey(userId, currency), amount);
  } catch {
    // Private mode: no last amount next time.
  }
}
