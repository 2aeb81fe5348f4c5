import { describe, expect, it } from "vitest";
import { type CandleColumns, firstPart, generateHistory, MINUTE_MS, restAfter, simulateHistory } from "./history";
import type { SourcePair } from "./sources/types";

const pair: SourcePair = {
  id: 1,
  symbol: "BTC/USDT",
  sourceSymbol: null,
  priceDecimals: 2,
  qtyDecimals: 6,
  simPrice: "65000",
  simVolatility: "0.6",
};
const NINETY_DAYS = 90 * 24 * 60;
/** A Wednesday, 10:00 UTC: the history ends with the minute before. */
const END = Date.UTC(2026, 2, 4, 10, 0);

const keys = (columns: CandleColumns) => columns.t.map((t, i) => `${columns.interval[i]}@${t}`);

describe("generateHistory", () => {
  it("makes 90 days of one-minute candles, split into a first part and a rest that meet exactly", () => {
    const full = generateHistory(
      pair,
      "65000",
      END,
      {
        minutes: NINETY_DAYS,
        storedMinutes: NINETY_DAYS,
        bucketsPerInterval: Number.POSITIVE_INFINITY,
      },
      1,
    );
    const first = firstPart(NINETY_DAYS, 3, 500);
    const head = generateHistory(pair, "65000", END, first, 1);
    const rest = generateHistory(pair, "65000", END, restAfter(first), 1);

    const minutes = full.t.filter((_, i) => full.interval[i] === "1m");
    expect(minutes).toHaveLength(129_600);
    expect(minutes[0]).toBe(END - 90 * 24 * 60 * MINUTE_MS);
    expect(minutes.at(-1)).toBe(END - MINUTE_MS);
    // The history ends at the price it was asked to end at.
    expect(full.c[minutes.length - 1]).toBe("65000.00");
    // Daily candles: 90 whole days from 10:00 to 10:00 touch 91 calendar days.
    expect(full.interval.filter((i) => i === "1d")).toHaveLength(91);

    expect(head.interval.filter((i) => i === "1m")).toHaveLength(3 * 24 * 60);
    expect(head.interval.filter((i) => i === "5m")).toHaveLength(500);
    const headKeys = new Set(keys(head));
    expect(keys(rest).filter((k) => headKeys.has(k))).toEqual([]);
    expect(new Set([...keys(head), ...keys(rest)])).toEqual(new Set(keys(full)));
  });

  it("gives the same walk for the same seed and another for another seed", () => {
    const shape = firstPart(2 * 24 * 60, 3, 500);
    const a = generateHistory(pair, "65000", END, shape, 5);
    const b = generateHistory(pair, "65000", END, shape, 5);
    const c = generateHistory(pair, "65000", END, shape, 6);
    expect(b.c).toEqual(a.c);
    expect(c.c).not.toEqual(a.c);
  });

  it("answers any rows, in any order, exactly as the whole history has them", () => {
    const shape = restAfter(firstPart(3 * 24 * 60, 1, 500));
    const all = generateHistory(pair, "65000", END, shape, 7);
    const history = simulateHistory(pair, "65000", END, shape, 7);
    expect(history.length).toBe(all.t.length);

    const order = history.newestFirst();
    const newestFirst = history.columns(order);
    expect(newestFirst.t.every((t, i) => i === 0 || t <= (newestFirst.t[i - 1] as number))).toBe(true);
    expect(new Set(keys(newestFirst))).toEqual(new Set(keys(all)));
    const row = (columns: CandleColumns, i: number) =>
      [columns.interval, columns.t, columns.o, columns.h, columns.l, columns.c, columns.v].map((column) => column[i]);
    for (const k of [0, 1, 500, order.length - 1]) {
      expect(row(newestFirst, k)).toEqual(row(all, order[k] as number));
    }
  });
});
