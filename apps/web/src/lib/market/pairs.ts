import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * The trading pairs, read by every screen that shows a price (Home's movers, Markets, the pair detail, Trade, the
 * order detail, Assets' valuation). One key scheme, keyed by path and query, so that a screen and the next share a
 * cache entry and each live tick lands once per answer (./live-prices.ts).
 */
export type PairList = DataOf<Calls["listPairs"]>;
export type PairDetail = DataOf<Calls["getPair"]>;

/**
 * The server recomputes the 24 h figures every 30 s; prices in between arrive as live ticks. As a query's
 * refetchInterval it fires only while no ticks arrive (each tick written to the cache restarts it): the fallback
 * when the socket is down.
 */
export const FIGURES_REFRESH_MS = 30_000;

/** The server counts its price library's exchanges in its first second; ask again soon if it had not yet. */
export const refreshIntervalOf = (data: PairList | undefined) =>
  data?.exchange_count === null ? 2_000 : FIGURES_REFRESH_MS;

/** A list's key; `[routes.listPairs.path]` is the prefix of every list (all product types). */
export const pairsKey = (productType: number) => [routes.listPairs.path, { product_type: productType }] as const;

/** The pairs of one product type with their latest price and 24 h change. */
export const pairsQueryOptions = (productType: number) =>
  queryOptions({
    queryKey: pairsKey(productType),
    queryFn: ({ signal }) => api("listPairs", { query: { product_type: productType }, signal }),
    refetchInterval: (query) => refreshIntervalOf(query.state.data),
  });

export const usePairs = (productType: number) => useQuery(pairsQueryOptions(productType));

/** One pair's key; `[routes.getPair.path]` is the prefix of every pair. */
export const pairKey = (productId: number) => [routes.getPair.path, { product_id: productId }] as const;

/** One pair with its latest price and its 24 h open, high, low and volume; nothing is read while `productId` is absent. */
export const pairQueryOptions = (productId: number | null | undefined) =>
  queryOptions({
    queryKey: pairKey(productId ?? 0),
    queryFn: ({ signal }) => api("getPair", { query: { product_id: productId ?? 0 }, signal }),
    enabled: productId != null,
    refetchInterval: FIGURES_REFRESH_MS,
  });

export const usePair = (productId: number | null | undefined) => useQuery(pairQueryOptions(productId));
