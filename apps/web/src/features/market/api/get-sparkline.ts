import { useQuery } from "@tanstack/react-query";
import { candlesQueryOptions } from "@/lib/market/candles";

/** Sparklines change slowly: one request per visible pair every five minutes at most. */
const SPARKLINE_STALE_MS = 5 * 60_000;

/**
 * The hourly closes a row's sparkline draws; fetched only once `enabled` (the row is on screen). From lib/market
 * rather than the chart, so that the Markets list does not load the charting library.
 */
export function useSparklineData(productid: number, points: number, enabled: boolean) {
  return useQuery({
    ...candlesQueryOptions({ productid, intval: "1h", type: "line", limit: points }),
    staleTime: SPARKLINE_STALE_MS,
    enabled,
  });
}
