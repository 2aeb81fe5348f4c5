import { type KlineInterval, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export interface KdataQuery {
  productid: number;
  intval: KlineInterval;
  type: "candle" | "line";
  /** The newest this many intervals (the server's default and maximum is 500). */
  limit?: number;
}

/**
 * getkdata keyed by path and query: the same key the shared KlineChart uses, so a chart and a sparkline of the
 * same candles share one cache entry. Defined here rather than imported from the chart so the Markets list does
 * not load the charting library.
 */
export function kdataQueryOptions({ productid, intval, type, limit }: KdataQuery) {
  const query = limit === undefined ? { productid, intval, type } : { productid, intval, type, limit };
  return queryOptions({
    queryKey: [routes.getkdata.path, query] as const,
    queryFn: ({ signal }) => api("getkdata", { query, signal }),
    staleTime: 30_000,
  });
}

/** Sparklines change slowly: one request per visible pair every five minutes at most. */
const SPARKLINE_STALE_MS = 5 * 60_000;

/** The hourly closes a row's sparkline draws; fetched only once `enabled` (the row is on screen). */
export function useSparklineData(productid: number, points: number, enabled: boolean) {
  return useQuery({
    ...kdataQueryOptions({ productid, intval: "1h", type: "line", limit: points }),
    staleTime: SPARKLINE_STALE_MS,
    enabled,
  });
}
