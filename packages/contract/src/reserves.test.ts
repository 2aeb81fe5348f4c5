import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addSums,
  buildLevels,
  canon,
  type Leaf,
  levelSizes,
  parentOf,
  parseCanon,
  type SumNode,
  siblingPositions,
  sideOf,
  verifyPath,
} from "./reserves";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

const leaves: Leaf[] = [
  { nonce: "a".repeat(64), balances: { USDT: "10.000000", BTC: "0.50000000" } },
  { nonce: "b".repeat(64), balances: { USDT: "2.500000" } },
  { nonce: "c".repeat(64), balances: { ETH: "1.000000000000000000" } },
  { nonce: "d".repeat(64), balances: { BTC: "0.00000001", USDT: "0.000001" } },
  { nonce: "e".repeat(64), balances: { USDT: "7.000000" } },
];

async function pathFor(levels: SumNode[][], position: number) {
  return siblingPositions(
    levels.map((l) => l.length),
    position,
  ).map(({ level, position: at }) => ({ ...(levels[level]?.[at] as SumNode), side: sideOf(at) }));
}

describe("the Merkle sum tree of proof of reserves", () => {
  it("hashes leaves and nodes by the published formulas (checked with Node's own SHA-256)", async () => {
    const levels = await buildLevels(7, leaves);
    const [a, b] = levels[0] as SumNode[];
    expect(a?.hash).toBe(sha(`leaf\n7\n${"a".repeat(64)}\nBTC:0.50000000;USDT:10.000000`));
    const ab = levels[1]?.[0];
    expect(ab?.hash).toBe(sha(`node\n${a?.hash}\nBTC:0.50000000;USDT:10.000000\n${b?.hash}\nUSDT:2.500000`));
    expect(ab?.sums).toEqual({ BTC: "0.50000000", USDT: "12.500000" });
    // Five leaves: 5, 3, 2, 1; the fifth goes up unchanged twice.
    expect(levels.map((l) => l.length)).toEqual([5, 3, 2, 1]);
    expect(levelSizes(5)).toEqual([5, 3, 2, 1]);
    expect(levels[1]?.[2]).toEqual(levels[0]?.[4]);
  });

  it("keeps each currency's places in the sums, and the root's sums are every balance's total", async () => {
    const levels = await buildLevels(7, leaves);
    const root = levels.at(-1)?.[0];
    expect(root?.sums).toEqual({
      BTC: "0.50000001",
      ETH: "1.000000000000000000",
      USDT: "19.500001",
    });
    expect(addSums({ USDT: "1.000000" }, { USDT: "2.000000", BTC: "0.10000000" })).toEqual({
      USDT: "3.000000",
      BTC: "0.10000000",
    });
    expect(parseCanon(canon(root?.sums ?? {}))).toEqual(root?.sums);
  });

  it("re-hashes every leaf's path to the root", async () => {
    const levels = await buildLevels(12, leaves);
    const root = levels.at(-1)?.[0] as SumNode;
    for (const [i, leaf] of leaves.entries()) {
      const check = await verifyPath(12, { ...leaf, hash: levels[0]?.[i]?.hash ?? "" }, await pathFor(levels, i), root);
      expect(check.ok, `leaf ${i}`).toBe(true);
    }
  });

  it("fails a changed balance, a wrong snapshot, a swapped side and a negative sibling", async () => {
    const levels = await buildLevels(12, leaves);
    const root = levels.at(-1)?.[0] as SumNode;
    const leaf = { ...(leaves[1] as Leaf), hash: levels[0]?.[1]?.hash ?? "" };
    const path = await pathFor(levels, 1);
    expect(await verifyPath(12, { ...leaf, balances: { USDT: "2.400000" } }, path, root)).toEqual({
      ok: false,
      reason: "leaf_hash",
    });
    expect((await verifyPath(13, leaf, path, root)).ok).toBe(false);
    const swapped = path.map((s, i) =>
      i === 0 ? { ...s, side: s.side === "left" ? "right" : "left" } : s,
    ) as typeof path;
    expect(await verifyPath(12, leaf, swapped, root)).toEqual({ ok: false, reason: "root_hash" });

    // An operator hiding a debt: a sibling whose sums went below zero, with hashes made to fit.
    const hidden = { ...(path[0] as SumNode), sums: { USDT: "-10.000000" } };
    const top = await parentOf(hidden, { hash: leaf.hash, sums: leaf.balances });
    expect(await verifyPath(12, leaf, [{ ...hidden, side: "left" }], top)).toEqual({
      ok: false,
      reason: "negative",
      at: 1,
    });
  });

  it("has one empty root for a snapshot with no leaves", async () => {
    const levels = await buildLevels(3, []);
    expect(levels).toHaveLength(1);
    expect(levels[0]?.[0]?.sums).toEqual({});
  });
});
