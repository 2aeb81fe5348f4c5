import type { Candle, KlineInterval } from "@cryptos/contract";
import type { ISeriesApi, SeriesType } from "lightweight-charts";
import {
  type CSSProperties,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type CandleType, INTERVAL_MS, useCandleHistory } from "@/lib/market/candles";
import { useTheme } from "../lib/theme";
import { type Bar, type LivePrice, putCandles, toBar, withLivePrice } from "./kline-chart/bars";
import { ChartReadout, ChartState } from "./kline-chart/ChartOverlays";
import { type ChartPriceLine, useChart, useCrosshairBar, usePageBack, usePriceLines } from "./kline-chart/chart-hooks";
import { IDLE_AFTER_LOAD_MS, type LibraryWhen, useChartLibrary, useIdleAfterLoad } from "./kline-chart/chart-library";
import { KlineSketch } from "./kline-chart/KlineSketch";
import { chartColors, layoutColors, seriesColors } from "./kline-chart/look";
import { priceFormat } from "./kline-chart/time-labels";

export type KlineType = CandleType;
export type { ChartPriceLine, LibraryWhen, LivePrice };

export interface KlineChartProps {
  pairId: number;
  interval: KlineInterval;
  /** Candles, or a line of closes (default candles). */
  type?: KlineType;
  /** CSS height of the chart area (default 18.75rem = 300 px at the 375 px base). */
  height?: CSSProperties["height"];
  /** The newest recorded price (e.g. from the live tick stream): folded into the last candle or starts a new one. */
  live?: LivePrice | null;
  /** Digits after the decimal point on the price scale (the pair's price precision). */
  priceDecimals?: number;
  /** Accessible name of the chart, e.g. "BTC/USDT 1h chart". */
  label?: string;
  /** Fill a positioned parent (whose CSS sizes the chart) instead of taking `height`. */
  fill?: boolean;
  /** Horizontal lines across the chart, e.g. an open order's entry price; listed in the accessible name too. */
  priceLines?: readonly ChartPriceLine[];
  /**
   * When the chart library is loaded and the chart made: "now" (on mount), or "on-demand": at the first pointer,
   * touch, wheel, focus or key on the chart, or once the page has loaded and been idle a while (IDLE_AFTER_LOAD_MS).
   * Until then the candles are drawn by the app (KlineSketch). Default "now".
   */
  library?: LibraryWhen;
}

/**
 * A K-line chart of one pair (TradingView lightweight-charts v5): candles or a line, any of the eight intervals,
 * newest last, the last candle following the live price, resizing with its container. Loads its own candles from
 * getCandles; shows a skeleton while loading, a "no data" note when empty and a retry on failure. Until the library
 * is made (`library`), the app draws the candles it has as an SVG, replaced by the library's canvas when it draws.
 */
export function KlineChart({
  pairId,
  interval,
  type = "candle",
  height = "18.75rem",
  live,
  priceDecimals = 2,
  label,
  priceLines,
  fill = false,
  library: libraryWhen = "now",
}: KlineChartProps) {
  // The newest candle, shown in the O/H/L/C readout when the crosshair is off the chart.
  const [newestBar, setNewestBar] = useState<Bar | null>(null);
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<ISeriesApi<SeriesType> | null>(null);
  const lastBarRef = useRef<Bar | null>(null);
  const fittedRef = useRef<string>("");
  // Bumped each time the series is replaced, so its data is set again.
  const [seriesVersion, setSeriesVersion] = useState(0);
  const query = useCandleHistory({ productid: pairId, intval: interval, type });
  const candles = query.candles;
  const view = `${pairId}:${interval}:${type}`;
  const candlesRef = useRef(candles);
  candlesRef.current = candles;
  const loadOlderRef = useRef(query.loadOlder);
  loadOlderRef.current = query.loadOlder;

  // The library (its file and the chart) only when wanted: on demand, its first drawing (70-80 ms at full speed,
  // one task) waits for the user's first touch of the chart or for an idle moment after the load (decision 168).
  const [wanted, setWanted] = useState(libraryWhen === "now");
  const want = useCallback(() => setWanted(true), []);
  useIdleAfterLoad(!wanted, IDLE_AFTER_LOAD_MS, want);
  const library = useChartLibrary(wanted);
  // The chart is made once the first candles are here, so that its first drawing (100-200 ms at 4x CPU) has them:
  // made empty on mount, it drew twice on a first visit to Trade. It is made in a transition: the candles come in a
  // query answer, whose render React does synchronously with its effects, and the chart's creation (20-50 ms at 1x)
  // made that one long task; a transition's effects run in a task of their own. The app's own drawing of the
  // candles (KlineSketch) holds its place until then.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready && candles !== undefined && library) startTransition(() => setReady(true));
  }, [ready, candles, library]);
  const viewRef = useRef(view);
  viewRef.current = view;
  // Which candles each series shows (each answer is set once).
  const shownRef = useRef<{ series: ISeriesApi<SeriesType>; candles: readonly Candle[] } | null>(null);
  const { chartRef, colorsRef } = useChart(containerRef, ready ? library : null);

  // One series of the chosen type, with the candles already here; intraday intervals show hours on the time axis.
  useEffect(() => {
    const chart = chartRef.current;
    const colors = colorsRef.current;
    if (!chart || !colors || !ready || !library) return;
    const priceFormatOptions = { type: "price" as const, precision: priceDecimals, minMove: 10 ** -priceDecimals };
    const series: ISeriesApi<SeriesType> =
      type === "candle"
        ? chart.addSeries(library.CandlestickSeries, {
            ...seriesColors(type, colors),
            borderVisible: false,
            priceFormat: priceFormatOptions,
          })
        : chart.addSeries(library.AreaSeries, {
            ...seriesColors(type, colors),
            lineWidth: 2,
            priceFormat: priceFormatOptions,
          });
    seriesRef.current = series;
    fittedRef.current = "";
    const priceLabel = priceFormat(priceDecimals);
    chart.applyOptions({
      timeScale: { timeVisible: INTERVAL_MS[interval] < INTERVAL_MS["1d"], secondsVisible: false },
      localization: { priceFormatter: (price: number) => priceLabel.format(price) },
    });
    const candlesNow = candlesRef.current;
    if (candlesNow) {
      shownRef.current = { series, candles: candlesNow };
      lastBarRef.current = putCandles(chart, series, candlesNow, type, viewRef.current, fittedRef);
      setNewestBar(lastBarRef.current);
    }
    setSeriesVersion((version) => version + 1);
    return () => {
      if (chartRef.current) chart.removeSeries(series);
      if (seriesRef.current === series) seriesRef.current = null;
    };
  }, [chartRef, colorsRef, type, interval, priceDecimals, ready, library]);

  // A change of theme recolours the chart and its series (a chart made later reads the colours itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` changes the CSS variables the colours are read from
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const colors = chartColors();
    colorsRef.current = colors;
    chart.applyOptions(layoutColors(colors));
    seriesRef.current?.applyOptions(seriesColors(type, colors));
  }, [chartRef, colorsRef, theme, type]);

  // Each new answer's candles, newest last (before the chart is made, its newest candle for the app's drawing).
  useEffect(() => {
    const series = seriesRef.current;
    const chart = chartRef.current;
    if (!ready && candles) {
      const newest = candles.at(-1);
      lastBarRef.current = newest ? toBar(newest) : null;
      setNewestBar(lastBarRef.current);
    }
    if (!series || !chart || !candles || seriesVersion === 0) return;
    const shown = shownRef.current;
    if (shown?.series === series && shown.candles === candles) return;
    shownRef.current = { series, candles };
    lastBarRef.current = putCandles(chart, series, candles, type, view, fittedRef);
    setNewestBar(lastBarRef.current);
  }, [chartRef, candles, view, type, seriesVersion, ready]);

  usePageBack(chartRef, seriesRef, candlesRef, loadOlderRef, seriesVersion);

  // A live price updates the open candle, or opens the next one when its interval has begun.
  useEffect(() => {
    const series = seriesRef.current;
    const last = lastBarRef.current;
    if (!last || !live) return;
    const bar = withLivePrice(last, live, interval);
    if (!bar) return;
    lastBarRef.current = bar;
    setNewestBar(bar);
    if (!series) return; // the app's drawing shows the newest bar
    if (type === "candle") series.update(bar);
    else series.update({ time: bar.time, value: bar.close });
  }, [live, interval, type]);

  const hovered = useCrosshairBar(chartRef, seriesRef, candlesRef, seriesVersion);
  usePriceLines(seriesRef, priceLines, seriesVersion, theme);

  const priceText = useMemo(() => {
    const format = priceFormat(priceDecimals);
    return (value: number) => format.format(value);
  }, [priceDecimals]);
  // The app's drawing stays under the library's canvas until a few frames after the chart has its series and
  // candles, so that there is no frame without candles between the two.
  const drawnByLibrary = useDrawnAfterFrames(seriesVersion > 0);
  const sketchBars = useMemo(() => {
    if (drawnByLibrary || !candles) return null;
    const bars = candles.map(toBar);
    const last = bars.at(-1);
    if (newestBar && last && newestBar.time === last.time) bars[bars.length - 1] = newestBar;
    else if (newestBar && last && newestBar.time > last.time) bars.push(newestBar);
    return bars;
  }, [drawnByLibrary, candles, newestBar]);
  // Drawn in a transition: the candles come in a query answer, which React renders synchronously, effects included;
  // the drawing would make that one long task.
  const sketchShown = useDeferredValue(sketchBars);
  const readout = hovered ?? newestBar;
  const linesLabel = (priceLines ?? []).map((l) => `${l.title} ${priceText(Number(l.price))}`).join(", ");
  const empty = candles !== undefined && candles.length === 0;
  const state =
    query.isPending || (!ready && candles === undefined && !query.isError)
      ? "loading"
      : empty
        ? "empty"
        : query.isError && !candles
          ? "failed"
          : null;
  return (
    <div
      style={fill ? { position: "absolute", inset: 0 } : { position: "relative", height, width: "100%" }}
      data-testid="kline-chart"
      data-price-lines={(priceLines ?? []).map((l) => l.price).join(" ") || undefined}
      data-chart={drawnByLibrary ? "library" : "sketch"}
      {...(wanted
        ? {}
        : {
            onPointerEnter: want,
            onPointerDown: want,
            onTouchStart: want,
            onWheel: want,
            onFocus: want,
            onKeyDown: want,
          })}
    >
      {sketchShown && !empty && (
        <KlineSketch bars={sketchShown} type={type} interval={interval} priceText={priceText} priceLines={priceLines} />
      )}
      <div
        ref={containerRef}
        role="img"
        aria-label={linesLabel ? `${label ?? ""}. ${linesLabel}` : label}
        style={{ position: "absolute", inset: 0 }}
      />
      {readout && !empty && <ChartReadout bar={readout} hovered={hovered !== null} priceText={priceText} />}
      {state && <ChartState state={state} onRetry={() => void query.refetch()} />}
    </div>
  );
}

/** True from a few animation frames after `done` turns true: the library draws in a frame of its own. */
function useDrawnAfterFrames(done: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!done || drawn) return;
    let frame = 0;
    let left = 3;
    const tick = () => {
      left -= 1;
      if (left === 0) setDrawn(true);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [done, drawn]);
  return drawn;
}
