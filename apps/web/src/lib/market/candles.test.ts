import type { Calls, Candle, DataOf } from "@cryptos/contract";
import { describe, expect, it } from "vitest";
import { candleStart, joinPages, oldestStart } from "./candles";

type Page = DataOf<Calls["getCandles"]>;
const HOUR = 3_600_000;
const candle = (t: number): Candle => ({ t, o: "1", h: "1", l: "1", c: "1", v: "0" });
const page = (starts: number[], interval: Page["interval"] = "1h"): Page => ({
  interval,
  type: "candle",
  candles: starts.map(candle),
});

describe("candle pages: the chart's history as one series", () => {
  it("joins older pages in front of the newest, oldest first, without repeating the candle where they meet", () => {
    const newest = page([10 * HOUR, 11 * HOUR, 12 * HOUR]);
    const older = page([7 * HOUR, 8 * HOUR, 9 * HOUR, 10 * HOUR]);
    const oldest = page([5 * HOUR, 6 * HOUR]);
    const joined = joinPages({ pages: [newest, older, oldest] }, "1h");
    expect(joined?.map((c) => c.t / HOUR)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("holds nothing while the newest page is of another interval, and an empty page adds nothing", () => {
    expect(joinPages({ pages: [page([HOUR], "1m")] }, "1h")).toBeUndefined();
    expect(joinPages({ pages: [page([2 * HOUR]), page([])] }, "1h")?.map((c) => c.t)).toEqual([2 * HOUR]);
    expect(joinPages({ pages: [page([])] }, "1h")).toEqual([]);
  });

  it("asks for the page before the oldest candle held, past empty pages", () => {
    expect(oldestStart([page([10 * HOUR, 11 * HOUR]), page([8 * HOUR, 9 * HOUR])])).toBe(8 * HOUR);
    expect(oldestStart([page([10 * HOUR]), page([])])).toBe(10 * HOUR);
    expect(oldestStart([page([])])).toBeUndefined();
  });
});

describe("candleStart: the interval a moment falls in, as the server buckets it", () => {
  it("floors to the interval, and weeks start on Monday (UTC)", () => {
    const at = Date.parse("2026-11-26T10:47:31Z");
    expect(new Date(candleStart(at, "15m")).toISOString()).toBe("2026-11-26T10:45:00.000Z");
    expect(new Date(candleStart(at, "4h")).toISOString()).toBe("2026-11-26T08:00:00.000Z");
    expect(new Date(candleStart(at, "1w")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});
