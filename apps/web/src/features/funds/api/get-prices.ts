import { CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "./keys";

export interface UsdtPrices {
  /** Latest price in USDT per currency code; USDT itself is "1". */
  byCurrency: ReadonlyMap<string, string>;
  /** True when any of these prices comes from the simulated market. */
  simulated: boolean;
}

/** The latest X/USDT prices of the crypto pairs, to value balances in USDT (the API offers no valuation call). */
export async function getUsdtPrices(signal?: AbortSignal): Promise<UsdtPrices> {
  const data = await api("productlist", { query: { product_type: CRYPTO_PRODUCT_TYPE }, signal });
  const byCurrency = new Map<string, string>([["USDT", "1"]]);
  let simulated = false;
  for (const pair of data.items) {
    if (pair.quote !== "USDT" || pair.price === null) continue;
    byCurrency.set(pair.base, pair.price);
    simulated ||= pair.simulated;
  }
  return { byCurrency, simulated };
}

export const usdtPricesQuery = () =>
  queryOptions({
    queryKey: fundsKeys.prices(),
    queryFn: ({ signal }) => getUsdtPrices(signal),
    refetchInterval: 30_000,
  });

export const useUsdtPrices = () => useQuery(usdtPricesQuery());
