import { divide } from "@cryptos/contract/decimal";

/** Prices read in the currency people price things in. */
export const PRICING_CURRENCY = "USDT";

export interface ReadableRate {
  base: string;
  quote: string;
  /** Units of `quote` for one `base`. */
  rate: string;
}

/**
 * An exchange's price as people read it: the crypto in USDT ("1 BTC = 96,702.44 USDT"), whichever way the exchange
 * goes. `price` is units of `to` for one `from` (the server's quote, 18 places), so buying BTC with USDT inverts it;
 * its 18 places keep the inverse exact far beyond the digits shown. Between two cryptos: 1 from = price to.
 */
export function readableRate(from: string, to: string, price: string): ReadableRate {
  if (from === PRICING_CURRENCY && to !== PRICING_CURRENCY) {
    const inverse = divide("1", price, 18);
    if (inverse !== null) return { base: to, quote: from, rate: inverse };
  }
  return { base: from, quote: to, rate: price };
}
