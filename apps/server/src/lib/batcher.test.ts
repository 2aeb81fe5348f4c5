import { describe, expect, it } from "vitest";
import { Batcher } from "./batcher";

describe("Batcher", () => {
  it("runs a lone call at once and groups the calls that arrive meanwhile", async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => ({ status: "fulfilled", value: i * 2 }));
    });
    const first = batcher.submit(1);
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("fails only the refused item, or the whole batch when the run throws", async () => {
    let throwNext = false;
    const batcher = new Batcher<number, number>(async (items) => {
      if (throwNext) throw new Error("database down");
      return items.map((i) =>
        i < 0 ? { status: "rejected", reason: new Error(`bad ${i}`) } : { status: "fulfilled", value: i },
      );
    });
    const results = await Promise.allSettled([batcher.submit(1), batcher.submit(-1), batcher.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    throwNext = true;
    await expect(batcher.submit(3)).rejects.toThrow("database down");
  });

  it("splits a long queue into batches of at most maxBatch", async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      sizes.push(items.length);
      await Promise.resolve();
      return items.map((value) => ({ status: "fulfilled", value }));
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, i) => batcher.submit(i)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
