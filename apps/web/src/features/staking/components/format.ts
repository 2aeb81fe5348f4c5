import { multiply, ratePercent } from "@cryptos/contract/decimal";
import { formatAmount, formatAmountRange, formatDecimal } from "@/lib/format";

/** An amount as the user reads it: grouped, in the currency's precision (lib/format), exactly as sent. */
export const amount = (value: string, currency: string) => formatAmount(value, currency);

/** A product's min – max, both ends with the same places. */
export const amountRange = (min: string, max: string, currency: string) => formatAmountRange(min, max, currency);

/** A daily rate fraction as percent: "0.0005" -> "0.05%". */
export const percent = (rate: string) => `${formatDecimal(ratePercent(rate), { minFraction: 2, maxFraction: 6 })}%`;

/** The yearly rate a daily rate makes without compounding (× 365), as percent: "0.0005" -> "18.25%". */
export const apr = (rate: string) => percent(multiply(rate, 365));

/** Share of the quota left, in whole percent (display only, computed on integers). */
export function quotaShare(left: string, total: string): number {
  const scale = (v: string) => {
    const [whole = "0", fraction = ""] = v.split(".");
    return { digits: BigInt(`${whole}${fraction}`), places: fraction.length };
  };
  const a = scale(left);
  const b = scale(total);
  const places = Math.max(a.places, b.places);
  const x = a.digits * 10n ** BigInt(places - a.places);
  const y = b.digits * 10n ** BigInt(places - b.places);
  if (y === 0n) return 0;
  return Number((x * 100n) / y);
}
