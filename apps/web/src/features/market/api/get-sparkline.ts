import { type Candle, MAX_SPARKLINE_PAIRS, routes } from "@cryptos/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { type BatchLoader, createBatchLoader } from "@/lib/batch-loader";

/** A row's line: the last 24 hourly closes. */
export const SPARKLINE_POINTS = 24;
/**
 * The rows a list asks for as soon as it draws, in one call: more than a phone shows in a screen and a half. The rows
 * below join the reads as they come near the screen.
 */
const FIRST_ROWS = 20;
/** Sparklines change slowly: each pair's line is read again after five minutes at most. */
const SPARKLINE_STALE_MS = 5 * 60_000;
/**
 * Rows that come on screen together make one call. Not one frame: the list's rows mount over a few commits (its
 * data renders deferred, in slices), and on a busy machine the last rows' observers can report more than a frame
 * after the first (with 16 ms a fresh-clone run saw Markets ask for 10 pairs, then for 2). A line drawn 100 ms later
 * is not seen as late.
 */
const GATHER_MS = 100;

/** One loader per number of points (the call's `limit`). */
const loaders = new Map<number, BatchLoader<number, Candle[]>>();

function loaderFor(points: number): BatchLoader<number, Candle[]> {
  let loader = loaders.get(points);
  if (!loader) {
    loader = createBatchLoader(
      async (ids: number[]) => {
        const productids = [...ids].sort((a, b) => a - b).join(",");
        const data = await api("sparklines", { query: { productids, limit: points } });
        return new Map(data.lines.map((line) => [line.productid, line.candles]));
      },
      // A pair the answer leaves out (removed since the list was read) draws no line, as an empty history does.
      { maxBatch: MAX_SPARKLINE_PAIRS, waitMs: GATHER_MS, missing: [] },
    );
    loaders.set(points, loader);
  }
  return loader;
}

/**
 * One pair's hourly line, oldest first. Each row has its own query (a row renders again only for its own line),
 * but the reads of the rows that come on screen together leave as one `sparklines` call.
 */
export const sparklineQueryOptions = (productid: number, points: number) =>
  queryOptions({
    queryKey: [routes.sparklines.path, { productid, limit: points }] as const,
    queryFn: () => loaderFor(points).load(productid),
    staleTime: SPARKLINE_STALE_MS,
  });

/**
 * The hourly closes a row's sparkline draws; read only once `enabled` (the row is on screen). Not getCandles: one
 * call answers every visible row, and the Markets list does not load the charting library.
 */
export function useSparklineData(productid: number, points: number, enabled: boolean) {
  return useQuery({ ...sparklineQueryOptions(productid, points), enabled });
}

/**
 * Asks for the first rows' lines in one call as soon as the list has them: left to each row's visibility observer,
 * the rows of one list reported over several frames on a busy machine and their reads left as two or three calls
 * (the 100 ms gathering is for rows scrolled into view). A row's own query then finds its line read or in flight.
 */
export function usePrefetchSparklines(productids: readonly number[]) {
  const queryClient = useQueryClient();
  const first = productids.slice(0, FIRST_ROWS).join(",");
  useEffect(() => {
    if (!first) return;
    for (const id of first.split(",")) {
      void queryClient.prefetchQuery(sparklineQueryOptions(Number(id), SPARKLINE_POINTS));
    }
  }, [first, queryClient]);
}
