import type { KlineInterval } from "@cryptos/contract";
import { INTERVAL_MS } from "@/lib/market/candles";
import { type Bar, FIRST_VIEW_BARS, RIGHT_OFFSET_BARS } from "./bars";
import { TICK } from "./time-labels";

/**
 * The geometry of the chart's first view as the app draws it itself (KlineSketch), laid out as lightweight-charts
 * lays out the same view (putCandles' range, its default scale margins, a price scale on the right and a time scale
 * below), so that the library's canvas replaces it without a jump. Pure: pixels in, shapes out.
 */
export interface SketchInput {
  bars: readonly Bar[];
  interval: KlineInterval;
  width: number;
  height: number;
  /** Axis labels' size in CSS px (chartFontSize). */
  fontSize: number;
  /** Width of the widest price label, in characters. */
  labelChars: number;
  /** Device pixels per CSS pixel: bodies are a whole number of device pixels wide. */
  pixelRatio: number;
}

export interface SketchCandle {
  x: number;
  /** Top and bottom of the wick and of the body. */
  high: number;
  low: number;
  top: number;
  bottom: number;
  up: boolean;
}

export interface SketchLayout {
  /** The plot's size; the price scale is right of it, the time scale below. */
  plotWidth: number;
  plotHeight: number;
  candleWidth: number;
  candles: SketchCandle[];
  /** y of a price (any price, the scale goes on past the plot's edges). */
  y: (price: number) => number;
  /** Price labels: a round price and its y. */
  prices: { price: number; y: number }[];
  /** Time labels: a bar's time, its x and how the library would label it (TICK). */
  times: { time: number; x: number; kind: number }[];
}

/** lightweight-charts' default margins of the right price scale: the visible bars fill the middle 70%. */
const MARGIN_TOP = 0.2;
const MARGIN_BOTTOM = 0.1;
const DAY_MS = 86_400_000;
/** Steps between time labels, in ms: the first that leaves room for a label is taken. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1_440, 2_880, 10_080, 20_160, 43_200].map(
  (minutes) => minutes * 60_000,
);

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `span`. */
export function niceStep(span: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const power = 10 ** Math.floor(Math.log10(span));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= span) return m * power;
  return 10 * power;
}

/** A candle body's width in CSS px, as lightweight-charts' candlestick renderer sizes it. */
export function candleBodyWidth(spacing: number, pixelRatio: number): number {
  if (spacing >= 2.5 && spacing <= 4) return Math.floor(3 * pixelRatio) / pixelRatio;
  const narrowing = 1 - (0.2 * Math.atan(Math.max(4, spacing) - 4)) / (Math.PI * 0.5);
  const width = Math.min(Math.floor(spacing * narrowing * pixelRatio), Math.floor(spacing * pixelRatio));
  return Math.max(Math.floor(pixelRatio), width) / pixelRatio;
}

export function layOutSketch(input: SketchInput): SketchLayout {
  const { bars, interval, width, height, fontSize, labelChars, pixelRatio } = input;
  // The scales' sizes as the library measures them at this font: a line of text and its padding below, the widest
  // label and its padding on the right.
  const timeScaleHeight = Math.round(fontSize * 2.45);
  const priceScaleWidth = Math.round(labelChars * fontSize * 0.55 + fontSize * 1.4);
  const plotWidth = Math.max(0, width - priceScaleWidth);
  const plotHeight = Math.max(0, height - timeScaleHeight);
  const from = Math.max(0, bars.length - FIRST_VIEW_BARS);
  const to = bars.length - 1 + RIGHT_OFFSET_BARS;
  const spacing = plotWidth / Math.max(1, to - from + 1);
  const xOf = (index: number) => (index - from + 0.5) * spacing;
  const shown = bars.slice(from);
  let low = Math.min(...shown.map((b) => b.low));
  let high = Math.max(...shown.map((b) => b.high));
  if (!Number.isFinite(low) || !Number.isFinite(high)) [low, high] = [0, 1];
  if (high === low) [low, high] = [low - 1, high + 1];
  const inner = plotHeight * (1 - MARGIN_TOP - MARGIN_BOTTOM);
  const y = (price: number) => plotHeight * MARGIN_TOP + ((high - price) / (high - low)) * inner;

  const candleWidth = candleBodyWidth(spacing, pixelRatio);
  const candles = shown.map((bar, i) => {
    const up = bar.close >= bar.open;
    return {
      x: xOf(from + i),
      high: y(bar.high),
      low: y(bar.low),
      top: y(Math.max(bar.open, bar.close)),
      bottom: y(Math.min(bar.open, bar.close)),
      up,
    };
  });

  // A label every three lines of text or so, at round prices, over the whole height of the plot.
  const perPixel = (high - low) / Math.max(1, inner);
  const step = niceStep(perPixel * fontSize * 3);
  const prices: SketchLayout["prices"] = [];
  const topPrice = high + perPixel * plotHeight * MARGIN_TOP;
  for (let price = Math.floor(topPrice / step) * step; prices.length < 50; price -= step) {
    const at = y(price);
    if (at > plotHeight - fontSize / 2) break;
    if (at >= fontSize / 2) prices.push({ price, y: at });
  }

  // Time labels a label's width apart: intraday at round times of the viewer's clock (midnight labelled with its
  // day), daily and weekly every so many bars.
  const barMs = INTERVAL_MS[interval];
  const room = fontSize * 6.5;
  const timeStep = TIME_STEPS.find((s) => s >= barMs && (s / barMs) * spacing >= room) ?? 30 * DAY_MS;
  const everyBars = Math.max(1, Math.round(timeStep / barMs));
  const times: SketchLayout["times"] = [];
  let lastX = Number.NEGATIVE_INFINITY;
  shown.forEach((bar, i) => {
    const ms = bar.time * 1000;
    const local = ms - new Date(ms).getTimezoneOffset() * 60_000;
    const x = xOf(from + i);
    if (x - lastX < room || x > plotWidth - room / 2) return;
    const midnight = local % DAY_MS === 0;
    const onStep =
      barMs >= DAY_MS
        ? (from + i) % everyBars === 0
        : timeStep < DAY_MS
          ? local % timeStep === 0
          : midnight && Math.floor(local / DAY_MS) % Math.round(timeStep / DAY_MS) === 0;
    if (!onStep) return;
    const kind = barMs < DAY_MS && !midnight ? TICK.time : new Date(ms).getDate() === 1 ? TICK.month : TICK.day;
    times.push({ time: bar.time, x, kind });
    lastX = x;
  });
  return { plotWidth, plotHeight, candleWidth, candles, y, prices, times };
}
