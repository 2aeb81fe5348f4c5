import { calls } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** How often the Trade tab refreshes prices while it is open. */
export const PRICE_REFRESH_MS = 2_000;

export const getPairs = (productType: number, signal?: AbortSignal) =>
  api(calls.productlist, { query: { product_type: productType }, signal });

export const pairsOptions = (productType = 1) =>
  queryOptions({
    queryKey: ["updown", "pairs", productType],
    queryFn: ({ signal }) => getPairs(productType, signal),
    // The list feeds the pair picker; the shown pair refreshes on its own every PRICE_REFRESH_MS.
    refetchInterval: PRICE_REFRESH_MS * 5,
  });

export const usePairs = (productType = 1) => useQuery(pairsOptions(productType));
