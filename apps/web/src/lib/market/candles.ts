import { type Calls, type Candle, type DataOf, type KlineInterval, routes } from "@cryptos/contract";
import { queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { api } from "@/lib/api";

export type CandleType = "candle" | "line";
type CandlePage = DataOf<Calls["getCandles"]>;

const MINUTE_MS = 60_000;
export const INTERVAL_MS: Record<KlineInterval, number> = {
  "1m": MINUTE_MS,
  "5m": 5 * MINUTE_MS,
  "15m": 15 * MINUTE_MS,
  "30m": 30 * MINUTE_MS,
  "1h": 60 * MINUTE_MS,
  "4h": 240 * MINUTE_MS,
  "1d": 1_440 * MINUTE_MS,
  "1w": 10_080 * MINUTE_MS,
};
/** 1970-01-01 was a Thursday; the server's weeks start on Monday (UTC), four days later. */
const WEEK_OFFSET_MS = 4 * 1_440 * MINUTE_MS;

/** Start (Unix ms) of the interval a moment falls in, as the server buckets its candles. */
export function candleStart(at: number, interval: KlineInterval): number {
  const size = INTERVAL_MS[interval];
  const offset = interval === "1w" ? WEEK_OFFSET_MS : 0;
  return Math.floor((at - offset) / size) * size + offset;
}

export interface CandlesQuery {
  productid: number;
  intval: KlineInterval;
  type: CandleType;
  /** The newest this many intervals (the server's default and maximum is 500). */
  limit?: number;
}

/** getCandles keyed by path and query; `[routes.getCandles.path]` is the prefix of every candle read. */
export function candlesQueryOptions({ productid, intval, type, limit }: CandlesQuery) {
  const query = limit === undefined ? { productid, intval, type } : { productid, intval, type, limit };
  return queryOptions({
    queryKey: [routes.getCandles.path, query] as const,
    queryFn: ({ signal }) => api("getCandles", { query, signal }),
    staleTime: 30_000,
  });
}

/** After an empty page (history may still be being written), how long before asking again. */
const EXHAUSTED_RETRY_MS = 30_000;

/** Where the page before the pages held starts: the oldest candle's start, or undefined when none is held. */
export function oldestStart(pages: readonly CandlePage[]): number | undefined {
  for (let i = pages.length - 1; i >= 0; i -= 1) {
    const first = pages[i]?.candles[0];
    if (first) return first.t;
  }
  return undefined;
}

/**
 * The pages as one series, oldest first: each older page up to where the newer one begins. Undefined while the
 * newest page is not of `interval`.
 */
export function joinPages(data: { pages: readonly CandlePage[] }, interval: KlineInterval): Candle[] | undefined {
  if (data.pages[0]?.interval !== interval) return undefined;
  let candles: Candle[] = [];
  for (const page of data.pages) {
    if (page.interval !== interval) continue;
    const start = candles[0]?.t;
    candles = [...(start === undefined ? page.candles : page.candles.filter((c) => c.t < start)), ...candles];
  }
  return candles;
}

/**
 * A chart's candles: the newest page, then the pages before it as the chart is dragged back (getCandles with `end`,
 * on TanStack Query's useInfiniteQuery). `candles` is every page joined, oldest first; `loadOlder(before)` asks for
 * the page before the candle starting at `before`, only when that is the oldest held, no page is on its way and the
 * server did not just answer that nothing is older. A refetch reads every page again, each from the one after it,
 * so the series has no gap.
 */
export function useCandleHistory({ productid, intval, type }: Omit<CandlesQuery, "limit">) {
  const query = useInfiniteQuery({
    queryKey: [routes.getCandles.path, { productid, intval, type }, "history"] as const,
    queryFn: ({ pageParam, signal }) =>
      api("getCandles", {
        query: pageParam === null ? { productid, intval, type } : { productid, intval, type, end: pageParam },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (_last, pages) => oldestStart(pages),
    staleTime: 30_000,
  });
  const { data, dataUpdatedAt, isFetching, fetchNextPage } = query;
  const candles = useMemo(() => (data ? joinPages(data, intval) : undefined), [data, intval]);

  const loadOlder = useCallback(
    (before: number) => {
      if (!data || isFetching || oldestStart(data.pages) !== before) return;
      const last = data.pages.at(-1);
      if (data.pages.length > 1 && last?.candles.length === 0 && Date.now() - dataUpdatedAt < EXHAUSTED_RETRY_MS)
        return;
      void fetchNextPage({ cancelRefetch: false });
    },
    [data, dataUpdatedAt, isFetching, fetchNextPage],
  );

  return { candles, loadOlder, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}
