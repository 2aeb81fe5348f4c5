import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { type PairList, pairsQueryOptions } from "@/lib/market/pairs";

export interface UsdtPrices {
  /** Latest price in USDT per currency code; USDT itself is "1". */
  byCurrency: ReadonlyMap<string, string>;
  /** True when any of these prices comes from the simulated market. */
  simulated: boolean;
}

/** The latest X/USDT prices of the crypto pairs, to value balances in USDT (the API offers no valuation call). */
export function usdtPricesOf(data: PairList): UsdtPrices {
  const byCurrency = new Map<string, string>([["USDT", "1"]]);
  let simulated = false;
  for (const pair of data.items) {
    if (pair.quote !== "USDT" || pair.price === null) continue;
    byCurrency.set(pair.base, pair.price);
    simulated ||= pair.simulated;
  }
  return { byCurrency, simulated };
}

/** The crypto pairs' list (the cache entry every price screen shares), read as USDT prices. */
export const pricesListQuery = () => pairsQueryOptions(CRYPTO_PRODUCT_TYPE);

export const useUsdtPrices = () => useQuery({ ...pricesListQuery(), select: usdtPricesOf });
