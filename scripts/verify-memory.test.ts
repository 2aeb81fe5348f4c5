import { describe, expect, it } from "vitest";
// The verifier is plain JavaScript (Node's standard library only), without types; no tsconfig covers scripts/.
import { bucketStart, candlesOf } from "./verify/candles.mjs";
import { nextHeadsFile } from "./verify/heads.mjs";

/* The verifier's pure parts of issue 43: the heads file's bounds and merges, and candles derived from ticks. */

const head = (productid: number, id: number) => ({ productid, symbol: `P${productid}`, id, hash: `h${id}`, at: "x" });

describe("the heads file", () => {
  it("keeps the first and the newest 99 heads of each pair, once each", () => {
    let file: ReturnType<typeof nextHeadsFile> | undefined;
    for (let run = 1; run <= 150; run++) {
      const input = { url: "u", heads: [head(1, run), head(2, 1)], anchors: [], orders: [], now: `run ${run}` };
      file = nextHeadsFile(file, input);
    }
    const ids = (p: number) =>
      file.heads.filter((h: { productid: number }) => h.productid === p).map((h: { id: number }) => h.id);
    expect(ids(1)).toEqual([1, ...Array.from({ length: 99 }, (_, i) => 52 + i)]);
    expect(ids(2)).toEqual([1]);
    expect(file.heads.find((h: { id: number; productid: number }) => h.productid === 2).seen_at).toBe("run 1");
  });

  it("keeps each order's receipt and settlement as first seen, and each anchor once", () => {
    const receipt = { payload: "a", signature: "s" };
    const first = nextHeadsFile(undefined, {
      url: "u",
      heads: [],
      anchors: [{ tx_hash: "0x1", root: "r", block: 5, at: "t", network: "ERC20", from: "0xf" }],
      orders: [{ id: 7, receipt }, { id: 8 }],
      now: "1",
    });
    expect(first.orders).toEqual({ 7: { receipt } });
    const settlement = { payload: "b", signature: "s2" };
    const second = nextHeadsFile(first, {
      url: "u",
      heads: [],
      anchors: [{ tx_hash: "0x1", root: "changed", block: 5, at: "t", network: "ERC20", from: "0xf" }],
      orders: [{ id: 7, receipt: { payload: "other", signature: "x" }, settlement }],
      now: "2",
    });
    expect(second.orders).toEqual({ 7: { receipt, settlement } });
    expect(second.anchors).toEqual([{ tx_hash: "0x1", root: "r", block: 5, at: "t", network: "ERC20", from: "0xf" }]);
  });
});

describe("candles from ticks", () => {
  it("takes open and close by id, high and low as decimals, per interval", () => {
    const ticks = [
      { id: 3, price: "9.5", at: "2026-03-02T12:00:40.000Z" },
      { id: 1, price: "10", at: "2026-03-02T12:00:01.000Z" },
      { id: 2, price: "10.25", at: "2026-03-02T12:00:20.000Z" },
      { id: 4, price: "11", at: "2026-03-02T12:01:00.000Z" },
    ];
    const byStart = candlesOf(ticks, "1m");
    expect(byStart.get(Date.parse("2026-03-02T12:00:00Z"))).toMatchObject({ o: "10", h: "10.25", l: "9.5", c: "9.5" });
    expect(byStart.get(Date.parse("2026-03-02T12:01:00Z"))).toMatchObject({ o: "11", c: "11", ticks: 1 });
  });

  it("starts weeks on Monday (UTC)", () => {
    // 2026-03-04 is a Wednesday; its week starts on Monday 2026-03-02.
    expect(new Date(bucketStart(Date.parse("2026-03-04T10:00:00Z"), "1w")).toISOString()).toBe(
      "2026-03-02T00:00:00.000Z",
    );
    expect(new Date(bucketStart(Date.parse("2026-03-04T10:17:00Z"), "15m")).toISOString()).toBe(
      "2026-03-04T10:15:00.000Z",
    );
  });
});
