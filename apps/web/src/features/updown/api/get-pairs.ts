import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * Prices arrive as live ticks (hooks/useLivePrices, which also re-reads the 24 h change at this pace: the server
 * recomputes it every 30 s). As a query's refetchInterval it fires only while no ticks arrive, since each tick
 * written to the cache restarts it: the fallback when the socket is down.
 */
export const FIGURES_REFRESH_MS = 30_000;

/** Every cached list of pairs, for the live ticks to update at once. */
export const pairsKeyPrefix = ["updown", "pairs"] as const;

export const getPairs = (productType: number, signal?: AbortSignal) =>
  api("productlist", { query: { product_type: productType }, signal });

export const pairsOptions = (productType = 1) =>
  queryOptions({
    queryKey: [...pairsKeyPrefix, productType],
    queryFn: ({ signal }) => getPairs(productType, signal),
    // The list feeds the pair picker; its prices follow live ticks.
    refetchInterval: FIGURES_REFRESH_MS,
  });

export const usePairs = (productType = 1) => useQuery(pairsOptions(productType));
