import type { KlineInterval } from "@cryptos/contract";
import type { TickMarkType, UTCTimestamp } from "lightweight-charts";
import { type CSSProperties, memo, useEffect, useRef, useState } from "react";
import type { CandleType } from "@/lib/market/candles";
import { type Bar, FIRST_VIEW_BARS } from "./bars";
import type { ChartPriceLine } from "./chart-hooks";
import { chartFontSize } from "./look";
import { layOutSketch } from "./sketch";
import { tickLabel } from "./time-labels";

/** lightweight-charts' own font, so that the labels do not change face when its canvas replaces this drawing. */
const FONT = "-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif";
const TONE = { up: "var(--up)", down: "var(--down)", accent: "var(--accent)" } as const;

/**
 * The size of the element, followed as it changes (0 x 0 until measured). Read by a ResizeObserver, which the browser
 * calls after its own layout: measuring in a layout effect forced a layout of the whole page inside the render that
 * brought the candles.
 */
function useSize<T extends Element>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    if (typeof ResizeObserver === "undefined") return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export interface KlineSketchProps {
  /** The recorded candles, oldest first, the newest with the live price folded in. */
  bars: readonly Bar[];
  type: CandleType;
  interval: KlineInterval;
  priceText: (value: number) => string;
  priceLines?: readonly ChartPriceLine[];
}

/**
 * The chart's first view, drawn by the app as one SVG of a few paths (as Markets' sparklines are): the newest
 * candles (or a line of closes) with the price and time scales, the last price and the price lines, where the
 * library would draw them. It stands in while the library is not made yet; it is only a picture (the chart's
 * accessible name is on its container), and draws only the candles it is given.
 */
export const KlineSketch = memo(function KlineSketch({
  bars,
  type,
  interval,
  priceText,
  priceLines,
}: KlineSketchProps) {
  const [ref, { width, height }] = useSize<HTMLDivElement>();
  const fontSize = chartFontSize();
  const recent = bars.slice(-FIRST_VIEW_BARS);
  const labelChars = Math.max(
    4,
    priceText(Math.max(...recent.map((b) => b.high))).length,
    priceText(Math.min(...recent.map((b) => b.low))).length,
  );
  const ready = width > 0 && height > 0 && bars.length > 0;
  const newest = bars.at(-1);
  const levels = [...(priceLines ?? []).map((l) => Number(l.price)), ...(newest ? [newest.close] : [])];
  const layout = ready
    ? layOutSketch({ bars, interval, width, height, fontSize, labelChars, pixelRatio: window.devicePixelRatio || 1 })
    : null;
  // The library hides a price label that a badge (the last price's, a price line's) would cover.
  const badges = layout ? levels.map(layout.y) : [];
  return (
    <div ref={ref} style={fill} data-testid="kline-sketch">
      {layout && (
        <svg
          width={width}
          height={height}
          aria-hidden="true"
          focusable="false"
          data-candles={layout.candles.length}
          style={{ display: "block", fontFamily: FONT, fontSize }}
        >
          <g stroke="var(--skeleton)" strokeWidth={1}>
            {layout.prices.map(({ price, y }) => (
              <line key={`p${price}`} x1={0} x2={layout.plotWidth} y1={crisp(y)} y2={crisp(y)} />
            ))}
            {layout.times.map(({ time, x }) => (
              <line key={`t${time}`} x1={crisp(x)} x2={crisp(x)} y1={0} y2={layout.plotHeight} />
            ))}
          </g>
          {type === "candle" ? <Candles layout={layout} /> : <Closes layout={layout} bars={bars} />}
          <Levels
            layout={layout}
            bars={bars}
            type={type}
            priceText={priceText}
            priceLines={priceLines}
            fontSize={fontSize}
          />
          <g style={{ fill: "var(--text-secondary)" }}>
            {layout.prices
              .filter(({ y }) => badges.every((at) => Math.abs(at - y) >= fontSize * 1.6))
              .map(({ price, y }) => (
                <text key={price} x={layout.plotWidth + fontSize * 0.8} y={y} dominantBaseline="central">
                  {priceText(price)}
                </text>
              ))}
            {layout.times.map(({ time, x, kind }) => (
              <text
                key={time}
                x={x}
                y={layout.plotHeight + fontSize * 1.2}
                textAnchor="middle"
                dominantBaseline="central"
              >
                {tickLabel(time as UTCTimestamp, kind as TickMarkType)}
              </text>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
});

type Layout = ReturnType<typeof layOutSketch>;
/** A 1 px line on the pixel grid. */
const crisp = (at: number) => Math.round(at) + 0.5;

/** Wicks and bodies, one path each per colour. */
function Candles({ layout }: { layout: Layout }) {
  const half = layout.candleWidth / 2;
  const paths = { up: { wicks: "", bodies: "" }, down: { wicks: "", bodies: "" } };
  for (const c of layout.candles) {
    const p = paths[c.up ? "up" : "down"];
    const x = crisp(c.x);
    p.wicks += `M${x} ${c.high.toFixed(1)}V${c.low.toFixed(1)}`;
    const left = c.x - half;
    const bodyHeight = Math.max(1, c.bottom - c.top);
    p.bodies += `M${left.toFixed(2)} ${c.top.toFixed(1)}h${layout.candleWidth}v${bodyHeight.toFixed(1)}h${-layout.candleWidth}Z`;
  }
  return (
    <>
      {(["up", "down"] as const).map((tone) => (
        <g key={tone}>
          <path d={paths[tone].wicks} style={{ stroke: TONE[tone] }} strokeWidth={1} fill="none" />
          <path d={paths[tone].bodies} style={{ fill: TONE[tone] }} />
        </g>
      ))}
    </>
  );
}

/** The area series: a line of closes over a fading fill. */
function Closes({ layout, bars }: { layout: Layout; bars: readonly Bar[] }) {
  const shown = bars.slice(-layout.candles.length);
  const points = layout.candles.map((c, i) => `${c.x.toFixed(1)} ${layout.y(shown[i]?.close ?? 0).toFixed(1)}`);
  if (points.length === 0) return null;
  const line = `M${points.join("L")}`;
  const first = layout.candles[0]?.x ?? 0;
  const last = layout.candles.at(-1)?.x ?? 0;
  return (
    <>
      <defs>
        <linearGradient id="kline-sketch-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--accent)", stopOpacity: 0.24 }} />
          <stop offset="1" style={{ stopColor: "var(--accent)", stopOpacity: 0.02 }} />
        </linearGradient>
      </defs>
      <path
        d={`${line}L${last.toFixed(1)} ${layout.plotHeight}L${first.toFixed(1)} ${layout.plotHeight}Z`}
        fill="url(#kline-sketch-area)"
      />
      <path d={line} fill="none" style={{ stroke: TONE.accent }} strokeWidth={2} strokeLinejoin="round" />
    </>
  );
}

/** The last price's dotted line and badge, and each price line (an open order's entry) with its title. */
function Levels({
  layout,
  bars,
  type,
  priceText,
  priceLines,
  fontSize,
}: {
  layout: Layout;
  bars: readonly Bar[];
  type: CandleType;
  priceText: (value: number) => string;
  priceLines?: readonly ChartPriceLine[];
  fontSize: number;
}) {
  const newest = bars.at(-1);
  const levels: { price: number; color: string; dash: string; width: number; title?: string }[] = [];
  for (const line of priceLines ?? [])
    levels.push({
      price: Number(line.price),
      color: TONE[line.tone ?? "accent"],
      dash: "4 4",
      width: 2,
      title: line.title,
    });
  if (newest) {
    const color = type === "line" ? TONE.accent : TONE[newest.close >= newest.open ? "up" : "down"];
    levels.push({ price: newest.close, color, dash: "2 2", width: 1 });
  }
  const badge = fontSize * 1.6;
  return (
    <g>
      {levels.map(({ price, color, dash, width, title }) => {
        const y = layout.y(price);
        if (!Number.isFinite(y) || y < 0 || y > layout.plotHeight) return null;
        return (
          <g key={`${price}|${title ?? ""}`} data-price={price}>
            <line
              x1={0}
              x2={layout.plotWidth}
              y1={crisp(y)}
              y2={crisp(y)}
              style={{ stroke: color }}
              strokeWidth={width}
              strokeDasharray={dash}
            />
            {title && (
              <text x={layout.plotWidth - 4} y={y - 4} textAnchor="end" style={{ fill: color }}>
                {title}
              </text>
            )}
            <rect x={layout.plotWidth} y={y - badge / 2} width="100%" height={badge} style={{ fill: color }} />
            <text x={layout.plotWidth + fontSize * 0.8} y={y} dominantBaseline="central" fill="#fff">
              {priceText(price)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const fill: CSSProperties = { position: "absolute", inset: 0, overflow: "hidden", pointerEvents: "none" };
