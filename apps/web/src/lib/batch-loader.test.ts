import { describe, expect, it } from "vitest";
import { createBatchLoader } from "./batch-loader";

/** A loader over `answer` that records each batched read it makes. */
function recorded(answer: (keys: number[]) => Promise<ReadonlyMap<number, string>>, maxBatch = 50) {
  const reads: number[][] = [];
  const loader = createBatchLoader(
    (keys: number[]) => {
      reads.push(keys);
      return answer(keys);
    },
    { maxBatch, waitMs: 5, missing: "none" },
  );
  return { loader, reads };
}

const echo = async (keys: number[]) => new Map(keys.map((key) => [key, `line ${key}`]));

describe("createBatchLoader", () => {
  it("answers the keys asked for together with one read, each caller its own value", async () => {
    const { loader, reads } = recorded(echo);
    const answers = await Promise.all([3, 1, 2, 1].map((key) => loader.load(key)));
    expect(answers).toEqual(["line 3", "line 1", "line 2", "line 1"]);
    expect(reads).toEqual([[3, 1, 2]]);
  });

  it("reads again for keys asked for after a batch has left", async () => {
    const { loader, reads } = recorded(echo);
    await loader.load(1);
    expect(await Promise.all([loader.load(2), loader.load(1)])).toEqual(["line 2", "line 1"]);
    expect(reads).toEqual([[1], [2, 1]]);
  });

  it("splits more keys than one read takes into several reads", async () => {
    const { loader, reads } = recorded(echo, 50);
    const keys = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(await Promise.all(keys.map((key) => loader.load(key)))).toEqual(keys.map((key) => `line ${key}`));
    expect(reads.map((read) => read.length)).toEqual([50, 50, 20]);
  });

  it("gives `missing` for a key the answer leaves out", async () => {
    const { loader } = recorded(async (keys) => new Map(keys.filter((key) => key !== 2).map((key) => [key, "x"])));
    expect(await Promise.all([loader.load(1), loader.load(2)])).toEqual(["x", "none"]);
  });

  it("fails every caller of a failed read, and reads again on the next ask", async () => {
    let fail = true;
    const { loader, reads } = recorded(async (keys) => {
      if (fail) throw new Error("offline");
      return echo(keys);
    });
    const settled = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await loader.load(1)).toBe("line 1");
    expect(reads).toEqual([[1, 2], [1]]);
  });

  it("fails the batch, not the caller's code, when the read throws before its promise", async () => {
    const loader = createBatchLoader<number, string>(
      () => {
        throw new Error("bad input");
      },
      { maxBatch: 10, waitMs: 0, missing: "none" },
    );
    await expect(loader.load(1)).rejects.toThrow("bad input");
  });
});
