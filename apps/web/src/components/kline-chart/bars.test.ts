import type { UTCTimestamp } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { type Bar, withLivePrice } from "./bars";

// The 1m candle that opened at 12:00:00 UTC.
const OPEN = Date.UTC(2026, 10, 28, 12, 0, 0);
const last: Bar = { time: (OPEN / 1000) as UTCTimestamp, open: 100, high: 105, low: 99, close: 101 };
const at = (ms: number) => new Date(ms).toISOString();

describe("a live price on the newest candle", () => {
  it("moves the open candle's close, and its high or low when it passes them", () => {
    expect(withLivePrice(last, { price: "107.5", at: at(OPEN + 30_000) }, "1m")).toEqual({
      ...last,
      high: 107.5,
      close: 107.5,
    });
    expect(withLivePrice(last, { price: "98", at: at(OPEN + 59_999) }, "1m")).toEqual({ ...last, low: 98, close: 98 });
  });

  it("opens the next candle at the last close once its interval has begun", () => {
    expect(withLivePrice(last, { price: "103", at: at(OPEN + 60_000) }, "1m")).toEqual({
      time: (OPEN + 60_000) / 1000,
      open: 101,
      high: 103,
      low: 101,
      close: 103,
    });
  });

  it("ignores a price older than the newest candle, or one it cannot read", () => {
    expect(withLivePrice(last, { price: "103", at: at(OPEN - 1) }, "1m")).toBeNull();
    expect(withLivePrice(last, { price: "n/a", at: at(OPEN) }, "1m")).toBeNull();
    expect(withLivePrice(last, { price: "103", at: "yesterday" }, "1m")).toBeNull();
  });
});
