import type { UTCTimestamp } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import type { Bar } from "./bars";
import { candleBodyWidth, layOutSketch, niceStep } from "./sketch";

const START = Date.UTC(2026, 10, 28, 12, 0, 0) / 1000;
/** `count` 1m candles from 12:00 UTC, each 10 higher than the one before; every third one falls. */
const bars = (count: number): Bar[] =>
  Array.from({ length: count }, (_, i) => {
    const open = 100 + i * 10;
    const close = i % 3 === 2 ? open - 4 : open + 6;
    return {
      time: (START + i * 60) as UTCTimestamp,
      open,
      high: Math.max(open, close) + 2,
      low: Math.min(open, close) - 2,
      close,
    };
  });
const base = { interval: "1m" as const, width: 350, height: 300, fontSize: 11, labelChars: 8, pixelRatio: 2 };

describe("the app's own first view of the chart", () => {
  it("draws the newest 80 candles it is given, up and down as recorded, and no more", () => {
    const layout = layOutSketch({ ...base, bars: bars(200) });
    expect(layout.candles).toHaveLength(80);
    expect(layout.candles.map((c) => c.up)).toEqual(
      bars(200)
        .slice(-80)
        .map((b) => b.close >= b.open),
    );
    expect(layOutSketch({ ...base, bars: bars(5) }).candles).toHaveLength(5);
  });

  it("places them left to right in the plot, the newest three bars' room from its right edge, higher prices higher", () => {
    const layout = layOutSketch({ ...base, bars: bars(100) });
    const xs = layout.candles.map((c) => c.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const spacing = layout.plotWidth / 83;
    expect(layout.plotWidth - (xs.at(-1) ?? 0)).toBeCloseTo(spacing * 3.5, 5);
    expect(layout.plotWidth).toBeLessThan(base.width);
    expect(layout.plotHeight).toBeLessThan(base.height);
    // Rising candles: each newer high is drawn above the one before, all inside the plot.
    const highs = layout.candles.map((c) => c.high);
    expect(highs).toEqual([...highs].sort((a, b) => b - a));
    for (const c of layout.candles) {
      expect(c.high).toBeGreaterThan(0);
      expect(c.low).toBeLessThan(layout.plotHeight);
      expect(c.top).toBeLessThanOrEqual(c.bottom);
    }
  });

  it("labels round prices inside the plot, top to bottom, and round times of the viewer's clock", () => {
    const layout = layOutSketch({ ...base, bars: bars(100) });
    expect(layout.prices.length).toBeGreaterThan(2);
    const step = (layout.prices[0]?.price ?? 0) - (layout.prices[1]?.price ?? 0);
    expect(niceStep(step)).toBe(step);
    for (const { price, y } of layout.prices) {
      expect(price % step).toBe(0);
      expect(y).toBeCloseTo(layout.y(price), 5);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(layout.plotHeight);
    }
    expect(layout.times.length).toBeGreaterThan(0);
    const ms = (layout.times[0]?.time ?? 0) * 1000;
    const local = ms - new Date(ms).getTimezoneOffset() * 60_000;
    expect(local % (5 * 60_000)).toBe(0);
  });

  it("sizes candle bodies as the library does (its optimalCandlestickWidth)", () => {
    expect(candleBodyWidth(3.4, 2)).toBe(3);
    expect(candleBodyWidth(3.4, 1)).toBe(3);
    expect(candleBodyWidth(2, 2)).toBe(2);
    expect(candleBodyWidth(10, 1)).toBeLessThan(10);
    expect(candleBodyWidth(10, 1)).toBeGreaterThanOrEqual(8);
    expect(candleBodyWidth(0.5, 1)).toBe(1);
  });
});
