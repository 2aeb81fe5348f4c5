import { formatDecimal, formatPercent } from "@/lib/format";

/** A price with exactly the pair's precision, in the reader's number format; a dash before the first tick. */
export function formatPrice(price: string | null | undefined, decimals: number): string {
  return price ? formatDecimal(price, { minFraction: decimals, maxFraction: decimals }) : "--";
}

export function formatChange(change: string | null | undefined): string {
  return change ? formatPercent(change) : "--";
}

/** A 24 h volume in the base currency: two decimals are enough to read it. */
export function formatVolume(volume: string | null | undefined): string {
  return volume ? formatDecimal(volume, { minFraction: 2, maxFraction: 2 }) : "--";
}
