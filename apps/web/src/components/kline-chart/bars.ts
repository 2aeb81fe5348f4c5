import type { Candle, KlineInterval } from "@cryptos/contract";
import type { IChartApi, ISeriesApi, SeriesType, UTCTimestamp } from "lightweight-charts";
import { type CandleType, candleStart } from "@/lib/market/candles";

export interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface LivePrice {
  /** Decimal string. */
  price: string;
  /** ISO-8601 time the price was recorded. */
  at: string;
}

// Numbers here only draw the chart; amounts themselves stay decimal strings everywhere else.
export const toBar = (c: Candle): Bar => ({
  time: (c.t / 1000) as UTCTimestamp,
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
});

/** How many of the newest candles fill the first view on a phone; the rest is a drag away. */
export const FIRST_VIEW_BARS = 80;
/** Empty bars' room right of the newest candle in the first view. */
export const RIGHT_OFFSET_BARS = 3;
/** When fewer than this many bars are left of the view, the page before is fetched. */
export const PAGE_BACK_MARGIN = 30;

/**
 * Puts `candles` on the series, newest last. A view's first candles show the newest FIRST_VIEW_BARS; after that,
 * candles added in front keep the same ones in view (they shift every logical index). Returns the newest bar.
 */
export function putCandles(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  candles: readonly Candle[],
  type: CandleType,
  view: string,
  fitted: { current: string },
): Bar | null {
  const bars = candles.map(toBar);
  const timeScale = chart.timeScale();
  const before = timeScale.getVisibleLogicalRange();
  const firstBefore = series.data()[0]?.time as number | undefined;
  if (type === "candle") series.setData(bars);
  else series.setData(bars.map(({ time, close }) => ({ time, value: close })));
  if (fitted.current !== view && bars.length > 0) {
    fitted.current = view;
    timeScale.setVisibleLogicalRange({
      from: Math.max(0, bars.length - FIRST_VIEW_BARS),
      to: bars.length - 1 + RIGHT_OFFSET_BARS,
    });
  } else if (before && firstBefore !== undefined) {
    const added = bars.findIndex((bar) => bar.time === firstBefore);
    if (added > 0) timeScale.setVisibleLogicalRange({ from: before.from + added, to: before.to + added });
  }
  return bars.at(-1) ?? null;
}

/**
 * The newest bar after a live price: the open candle updated, or the next one opened when its interval has begun;
 * null when the price is unreadable or older than the newest bar.
 */
export function withLivePrice(last: Bar, live: LivePrice, interval: KlineInterval): Bar | null {
  const at = Date.parse(live.at);
  const price = Number(live.price);
  if (!Number.isFinite(at) || !Number.isFinite(price)) return null;
  const start = (candleStart(at, interval) / 1000) as UTCTimestamp;
  if (start < last.time) return null;
  if (start === last.time) {
    return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  }
  return {
    time: start,
    open: last.close,
    high: Math.max(last.close, price),
    low: Math.min(last.close, price),
    close: price,
  };
}
