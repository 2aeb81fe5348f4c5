import type { ColorType } from "lightweight-charts";
import type { CandleType } from "@/lib/market/candles";
import { themeColors, withAlpha } from "@/lib/theme";

/**
 * The chart's colours, from the theme (app/styles.css), read again when the theme changes. Green up, red down on
 * every locale (some markets read red as up; one convention keeps the app consistent).
 */
export function chartColors() {
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
export type ChartColors = ReturnType<typeof chartColors>;

/** ColorType.Solid: the library's enum is in its file, which loads only when the chart is made. */
const SOLID = "solid" as ColorType.Solid;

/** The chart's own colours (the series take theirs from seriesColors). */
export const layoutColors = (colors: ChartColors) => ({
  layout: { background: { type: SOLID, color: colors.background }, textColor: colors.text },
  grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  crosshair: { vertLine: { labelBackgroundColor: colors.label }, horzLine: { labelBackgroundColor: colors.label } },
});

export function seriesColors(type: CandleType, colors: ChartColors) {
  return type === "candle"
    ? { upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down }
    : { lineColor: colors.accent, topColor: colors.areaTop, bottomColor: colors.areaBottom };
}

/** The axis labels' and price badges' size in CSS px: 11 px at the 16 px root of a 375 px phone, 0.6875rem. */
export function chartFontSize(): number {
  const root = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.round(root * 0.6875 * 10) / 10;
}
