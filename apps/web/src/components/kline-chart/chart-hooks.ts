import type { Candle } from "@cryptos/contract";
import type { IChartApi, IPriceLine, ISeriesApi, LineStyle, SeriesType, Time, UTCTimestamp } from "lightweight-charts";
import { type RefObject, useEffect, useRef, useState } from "react";
import { currentLocale } from "@/lib/i18n";
import { type Bar, PAGE_BACK_MARGIN, RIGHT_OFFSET_BARS, toBar } from "./bars";
import type { ChartLibrary } from "./chart-library";
import { type ChartColors, chartColors, chartFontSize, layoutColors } from "./look";
import { crosshairLabel, tickLabel } from "./time-labels";

type ChartRef = RefObject<IChartApi | null>;
type SeriesRef = RefObject<ISeriesApi<SeriesType> | null>;

export interface ChartPriceLine {
  /** Decimal string. */
  price: string;
  /** Short title drawn on the line's axis label, e.g. "Entry". */
  title: string;
  tone?: "up" | "down" | "accent";
}

/** LineStyle.Dashed (the library's enum is in its file, loaded with the chart). */
const DASHED = 2 as LineStyle.Dashed;

/**
 * The chart itself lives outside React: created once `library` is given (loaded, and the candles here), sized by its container (autoSize uses
 * ResizeObserver), its labels following the root font size as the rest of the app does (it grows up to 960 px
 * wide). Returns the chart and the colours it was given.
 */
export function useChart(container: RefObject<HTMLDivElement | null>, library: ChartLibrary | null) {
  const chartRef = useRef<IChartApi | null>(null);
  const colorsRef = useRef<ChartColors | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !library) return;
    const colors = chartColors();
    colorsRef.current = colors;
    const look = layoutColors(colors);
    const chart = library.createChart(element, {
      autoSize: true,
      ...look,
      layout: { ...look.layout, fontSize: chartFontSize(), attributionLogo: false },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, rightOffset: RIGHT_OFFSET_BARS, tickMarkFormatter: tickLabel },
      localization: { locale: currentLocale(), timeFormatter: crosshairLabel },
    });
    chartRef.current = chart;
    const followRootFont = () => chart.applyOptions({ layout: { fontSize: chartFontSize() } });
    window.addEventListener("resize", followRootFont);
    return () => {
      window.removeEventListener("resize", followRootFont);
      chart.remove();
      chartRef.current = null;
    };
  }, [container, library]);
  return { chartRef, colorsRef };
}

/** Dragging back near the oldest candle fetches the page before it (the view stays where it was). */
export function usePageBack(
  chartRef: ChartRef,
  seriesRef: SeriesRef,
  candlesRef: RefObject<readonly Candle[] | undefined>,
  loadOlderRef: RefObject<(before: number) => void>,
  seriesVersion: number,
) {
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || seriesVersion === 0) return;
    const timeScale = chart.timeScale();
    const onRange = (range: { from: number } | null) => {
      const oldest = candlesRef.current?.[0];
      if (!range || !oldest || range.from > PAGE_BACK_MARGIN) return;
      // React can hold new candles for a moment before the chart draws them; the range is the chart's.
      if (seriesRef.current?.data()[0]?.time !== oldest.t / 1000) return;
      loadOlderRef.current(oldest.t);
    };
    timeScale.subscribeVisibleLogicalRangeChange(onRange);
    return () => timeScale.unsubscribeVisibleLogicalRangeChange(onRange);
  }, [chartRef, seriesRef, candlesRef, loadOlderRef, seriesVersion]);
}

type CrosshairData = { time: Time; open?: number; high?: number; low?: number; close?: number; value?: number };

/** The candle under the crosshair (the O/H/L/C readout's), or null when the crosshair is off the chart. */
export function useCrosshairBar(
  chartRef: ChartRef,
  seriesRef: SeriesRef,
  candlesRef: RefObject<readonly Candle[] | undefined>,
  seriesVersion: number,
): Bar | null {
  const [hovered, setHovered] = useState<Bar | null>(null);
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series || seriesVersion === 0) return;
    const onMove = (param: Parameters<Parameters<IChartApi["subscribeCrosshairMove"]>[0]>[0]) => {
      const data = (param.time === undefined ? undefined : param.seriesData.get(series)) as CrosshairData | undefined;
      if (!data) return setHovered(null);
      const time = data.time as UTCTimestamp;
      if (data.open !== undefined && data.high !== undefined && data.low !== undefined && data.close !== undefined)
        setHovered({ time, open: data.open, high: data.high, low: data.low, close: data.close });
      else if (data.value !== undefined) {
        // A line point holds only its close; the candle behind it is in the fetched data.
        const c = candlesRef.current?.find((x) => x.t / 1000 === time);
        const v = data.value;
        setHovered(c ? toBar(c) : { time, open: v, high: v, low: v, close: v });
      } else setHovered(null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => chart.unsubscribeCrosshairMove(onMove);
  }, [chartRef, seriesRef, candlesRef, seriesVersion]);
  return hovered;
}

/** Price lines (an open order's entry), drawn on the series, redrawn when it is replaced or the theme changes. */
export function usePriceLines(
  seriesRef: SeriesRef,
  priceLines: readonly ChartPriceLine[] | undefined,
  seriesVersion: number,
  theme: unknown,
) {
  const linesKey = (priceLines ?? []).map((l) => `${l.price}|${l.title}|${l.tone ?? ""}`).join(";");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `linesKey` stands for `priceLines`; `theme` recolours
  useEffect(() => {
    const series = seriesRef.current;
    if (!series || seriesVersion === 0 || !priceLines?.length) return;
    const colors = chartColors();
    const drawn: IPriceLine[] = priceLines.map((line) =>
      series.createPriceLine({
        price: Number(line.price),
        color: colors[line.tone ?? "accent"],
        lineWidth: 2,
        lineStyle: DASHED,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    return () => {
      if (seriesRef.current === series) for (const line of drawn) series.removePriceLine(line);
    };
  }, [linesKey, seriesVersion, theme]);
}
