import type { Candle, KlineInterval } from "@cryptos/contract";
import { Skeleton } from "antd-mobile";
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type SeriesType,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { type CSSProperties, startTransition, useEffect, useRef, useState } from "react";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { type CandleType, candleStart, INTERVAL_MS, useCandleHistory } from "@/lib/market/candles";
import { themeColors, useTheme, withAlpha } from "../lib/theme";

export type KlineType = CandleType;

/**
 * The chart's colours, from the theme (app/styles.css), read again when the theme changes. Green up, red down on
 * every locale (some markets read red as up; one convention keeps the app consistent).
 */
function chartColors() {
  const c = themeColors(["--surface", "--text-secondary", "--skeleton", "--up", "--down", "--accent", "--brand"]);
  return {
    background: c["--surface"],
    text: c["--text-secondary"],
    grid: c["--skeleton"],
    up: c["--up"],
    down: c["--down"],
    accent: c["--accent"],
    areaTop: withAlpha(c["--accent"], 0.24),
    areaBottom: withAlpha(c["--accent"], 0.02),
    label: c["--brand"],
  };
}
type ChartColors = ReturnType<typeof chartColors>;

/** The chart's own colours (the series take theirs from seriesColors). */
const layoutColors = (colors: ChartColors) => ({
  layout: { background: { type: ColorType.Solid, color: colors.background }, textColor: colors.text },
  grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  crosshair: { vertLine: { labelBackgroundColor: colors.label }, horzLine: { labelBackgroundColor: colors.label } },
});

function seriesColors(type: KlineType, colors: ChartColors) {
  return type === "candle"
    ? { upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down }
    : { lineColor: colors.accent, topColor: colors.areaTop, bottomColor: colors.areaBottom };
}

export interface LivePrice {
  /** Decimal string. */
  price: string;
  /** ISO-8601 time the price was recorded. */
  at: string;
}

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
}

export interface ChartPriceLine {
  /** Decimal string. */
  price: string;
  /** Short title drawn on the line's axis label, e.g. "Entry". */
  title: string;
  tone?: "up" | "down" | "accent";
}

interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

// Numbers here only draw the chart; amounts themselves stay decimal strings everywhere else.
const toBar = (c: Candle): Bar => ({
  time: (c.t / 1000) as UTCTimestamp,
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
});

const asDate = (time: Time): Date =>
  typeof time === "number"
    ? new Date(time * 1000)
    : new Date(typeof time === "string" ? time : Date.UTC(time.year, time.month - 1, time.day));

const DATE_PARTS = {
  year: { year: "numeric" },
  month: { month: "short" },
  day: { month: "numeric", day: "numeric" },
  time: { hour: "2-digit", minute: "2-digit" },
  crosshair: { dateStyle: "short", timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A date format of the viewer's language, made once and reused for every label the chart asks for. */
function dateFormat(parts: keyof typeof DATE_PARTS): Intl.DateTimeFormat {
  const key = `${currentLocale()}|${parts}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(currentLocale(), DATE_PARTS[parts]);
    dateFormats.set(key, format);
  }
  return format;
}

/** Axis labels in the viewer's time zone and language (the library would print UTC in English). */
function tickLabel(time: Time, kind: TickMarkType): string {
  const date = asDate(time);
  switch (kind) {
    case TickMarkType.Year:
      return dateFormat("year").format(date);
    case TickMarkType.Month:
      return dateFormat("month").format(date);
    case TickMarkType.DayOfMonth:
      return dateFormat("day").format(date);
    default:
      return dateFormat("time").format(date);
  }
}

const crosshairLabel = (time: Time): string => dateFormat("crosshair").format(asDate(time));

/** How many of the newest candles fill the first view on a phone; the rest is a drag away. */
const FIRST_VIEW_BARS = 80;
/** When fewer than this many bars are left of the view, the page before is fetched. */
const PAGE_BACK_MARGIN = 30;

/**
 * Puts `candles` on the series, newest last. A view's first candles show the newest FIRST_VIEW_BARS; after that,
 * candles added in front keep the same ones in view (they shift every logical index). Returns the newest bar.
 */
function putCandles(
  chart: IChartApi,
  series: ISeriesApi<SeriesType>,
  candles: readonly Candle[],
  type: KlineType,
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
    timeScale.setVisibleLogicalRange({ from: Math.max(0, bars.length - FIRST_VIEW_BARS), to: bars.length + 2 });
  } else if (before && firstBefore !== undefined) {
    const added = bars.findIndex((bar) => bar.time === firstBefore);
    if (added > 0) timeScale.setVisibleLogicalRange({ from: before.from + added, to: before.to + added });
  }
  return bars.at(-1) ?? null;
}

/**
 * A K-line chart of one pair (TradingView lightweight-charts v5): candles or a line, any of the eight intervals,
 * newest last, the last candle following the live price, resizing with its container. Loads its own candles from
 * getkdata; shows a skeleton while loading, a "no data" note when empty and a retry on failure.
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
}: KlineChartProps) {
  const { t } = useTranslation();
  // The candle under the crosshair, or the newest when the crosshair is off the chart (the O/H/L/C readout).
  const [hovered, setHovered] = useState<Bar | null>(null);
  const [newestBar, setNewestBar] = useState<Bar | null>(null);
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
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

  // The chart is made once the first candles are here, so that its first drawing (100-200 ms at 4x CPU) has them:
  // made empty on mount, it drew twice on a first visit to Trade. It is made in a transition: the candles come in a
  // query answer, whose render React does synchronously with its effects, and the chart's creation (20-50 ms at 1x)
  // made that one long task; a transition's effects run in a task of their own. The skeleton holds its place until
  // then.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready && candles !== undefined) startTransition(() => setReady(true));
  }, [ready, candles]);
  const viewRef = useRef(view);
  viewRef.current = view;
  // The colours the chart was last given, and which candles each series shows (each answer is set once).
  const colorsRef = useRef<ChartColors | null>(null);
  const shownRef = useRef<{ series: ISeriesApi<SeriesType>; candles: readonly Candle[] } | null>(null);

  // The chart itself lives outside React: created once, sized by its container (autoSize uses ResizeObserver).
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !ready) return;
    const colors = chartColors();
    colorsRef.current = colors;
    const look = layoutColors(colors);
    const chart = createChart(container, {
      autoSize: true,
      ...look,
      layout: { ...look.layout, fontSize: chartFontSize(), attributionLogo: false },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, rightOffset: 3, tickMarkFormatter: tickLabel },
      localization: { locale: currentLocale(), timeFormatter: crosshairLabel },
    });
    chartRef.current = chart;
    // The canvas's labels follow the root font size, as the rest of the app does (it grows up to 960 px wide).
    const followRootFont = () => chart.applyOptions({ layout: { fontSize: chartFontSize() } });
    window.addEventListener("resize", followRootFont);
    return () => {
      window.removeEventListener("resize", followRootFont);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [ready]);

  // One series of the chosen type, with the candles already here; intraday intervals show hours on the time axis.
  useEffect(() => {
    const chart = chartRef.current;
    const colors = colorsRef.current;
    if (!chart || !colors || !ready) return;
    const priceFormat = { type: "price" as const, precision: priceDecimals, minMove: 10 ** -priceDecimals };
    const series: ISeriesApi<SeriesType> =
      type === "candle"
        ? chart.addSeries(CandlestickSeries, { ...seriesColors(type, colors), borderVisible: false, priceFormat })
        : chart.addSeries(AreaSeries, { ...seriesColors(type, colors), lineWidth: 2, priceFormat });
    seriesRef.current = series;
    fittedRef.current = "";
    const priceLabel = new Intl.NumberFormat(currentLocale(), {
      minimumFractionDigits: priceDecimals,
      maximumFractionDigits: priceDecimals,
    });
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
  }, [type, interval, priceDecimals, ready]);

  // A change of theme recolours the chart and its series (a chart made later reads the colours itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` changes the CSS variables the colours are read from
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const colors = chartColors();
    colorsRef.current = colors;
    chart.applyOptions(layoutColors(colors));
    seriesRef.current?.applyOptions(seriesColors(type, colors));
  }, [theme, type]);

  // Each new answer's candles, newest last.
  useEffect(() => {
    const series = seriesRef.current;
    const chart = chartRef.current;
    if (!series || !chart || !candles || seriesVersion === 0) return;
    const shown = shownRef.current;
    if (shown?.series === series && shown.candles === candles) return;
    shownRef.current = { series, candles };
    lastBarRef.current = putCandles(chart, series, candles, type, view, fittedRef);
    setNewestBar(lastBarRef.current);
  }, [candles, view, type, seriesVersion]);

  // Dragging back near the oldest candle fetches the page before it, and the view stays where it was.
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
  }, [seriesVersion]);

  // A live price updates the open candle, or opens the next one when its interval has begun.
  useEffect(() => {
    const series = seriesRef.current;
    const last = lastBarRef.current;
    if (!series || !last || !live) return;
    const at = Date.parse(live.at);
    const price = Number(live.price);
    if (!Number.isFinite(at) || !Number.isFinite(price)) return;
    const start = (candleStart(at, interval) / 1000) as UTCTimestamp;
    if (start < last.time) return;
    const bar: Bar =
      start === last.time
        ? { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price }
        : {
            time: start,
            open: last.close,
            high: Math.max(last.close, price),
            low: Math.min(last.close, price),
            close: price,
          };
    lastBarRef.current = bar;
    setNewestBar(bar);
    if (type === "candle") series.update(bar);
    else series.update({ time: bar.time, value: bar.close });
  }, [live, interval, type]);

  // The crosshair's candle feeds the readout; leaving the chart shows the newest again.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series || seriesVersion === 0) return;
    const onMove = (param: Parameters<Parameters<IChartApi["subscribeCrosshairMove"]>[0]>[0]) => {
      const data = (param.time === undefined ? undefined : param.seriesData.get(series)) as
        | { time: Time; open?: number; high?: number; low?: number; close?: number; value?: number }
        | undefined;
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
  }, [seriesVersion]);

  // Price lines (an open order's entry), drawn on the series and redrawn when it is replaced.
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
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    return () => {
      if (seriesRef.current === series) for (const line of drawn) series.removePriceLine(line);
    };
  }, [linesKey, seriesVersion, theme]);

  const priceText = (value: number) =>
    new Intl.NumberFormat(currentLocale(), {
      minimumFractionDigits: priceDecimals,
      maximumFractionDigits: priceDecimals,
    }).format(value);
  const readout = hovered ?? newestBar;
  const linesLabel = (priceLines ?? []).map((l) => `${l.title} ${priceText(Number(l.price))}`).join(", ");
  const empty = candles !== undefined && candles.length === 0;
  return (
    <div
      style={fill ? { position: "absolute", inset: 0 } : { position: "relative", height, width: "100%" }}
      data-testid="kline-chart"
      data-price-lines={(priceLines ?? []).map((l) => l.price).join(" ") || undefined}
    >
      <div
        ref={containerRef}
        role="img"
        aria-label={linesLabel ? `${label ?? ""}. ${linesLabel}` : label}
        style={{ position: "absolute", inset: 0 }}
      />
      {readout && !empty && (
        <div className="kline-readout" data-testid="kline-readout" data-hovered={hovered ? "true" : "false"}>
          {(["open", "high", "low", "close"] as const).map((k) => (
            <span key={k}>
              <span className="kline-readout__key">{t(`chart.${k}`)}</span>{" "}
              <span
                className={
                  readout.close >= readout.open ? "kline-readout__value is-up" : "kline-readout__value is-down"
                }
              >
                {priceText(readout[k])}
              </span>
            </span>
          ))}
        </div>
      )}
      {(query.isPending || (!ready && candles !== undefined && !empty)) && (
        <div style={overlay} role="status" aria-label={t("status.loading")}>
          <Skeleton animated style={{ width: "100%", height: "100%", borderRadius: 8 }} />
        </div>
      )}
      {empty && (
        <div style={overlay}>
          <span style={note}>{t("status.empty")}</span>
        </div>
      )}
      {query.isError && !candles && (
        <button type="button" style={{ ...overlay, ...retry }} onClick={() => void query.refetch()}>
          <span style={note}>{t("status.requestFailed")}</span>
        </button>
      )}
    </div>
  );
}

const overlay: CSSProperties = {
  position: "absolute",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: "var(--surface)",
  zIndex: 3,
};
/** The axis labels' and price badges' size in CSS px: 11 px at the 16 px root of a 375 px phone, 0.6875rem. */
function chartFontSize(): number {
  const root = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.round(root * 0.6875 * 10) / 10;
}

const retry: CSSProperties = { border: 0, width: "100%", cursor: "pointer", font: "inherit" };
const note: CSSProperties = {
  color: "var(--text-secondary)",
  fontSize: "0.8125rem",
  padding: "0 1rem",
  textAlign: "center",
};
