import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createPriceSource, type PriceSource, type SourcePair } from "../src/modules/market/sources";
import { CryptoRandom, SeededRandom } from "../src/modules/market/sources/random";

const run = promisify(execFile);

const pairs: SourcePair[] = ["BTC/USDT", "ETH/USDT", "SOL/USDT"].map((symbol, i) => ({
  id: i + 1,
  symbol,
  sourceSymbol: null,
  priceDecimals: 8,
  qtyDecimals: 8,
  simPrice: "100",
  simVolatility: "0.6",
}));

async function walkOf(source: PriceSource, polls = 30) {
  await source.start(pairs, new Map());
  const out: string[] = [];
  for (let i = 1; i <= polls; i++) {
    for (const q of await source.poll(new Date(Date.UTC(2026, 0, 1, 0, 0, i)))) out.push(`${q.price}/${q.volume}`);
  }
  return out;
}

/** The live walk as `npm start` builds it, in a fresh process whose Math.random is pinned by `--random-seed`. */
async function liveWalkInProcessSeeded(seed: number) {
  const { stdout } = await run(
    process.execPath,
    [`--random-seed=${seed}`, "--import", "tsx", "apps/server/test/live-walk-child.ts"],
    { env: { ...process.env, PRICE_SOURCE: "simulated" }, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as { priceSource: string; feed: string[]; createPriceSource: string[] };
}

describe("the simulated market's randomness (issue 20)", () => {
  it("keeps a walk reproducible when a test passes a seed", async () => {
    const a = await walkOf(createPriceSource("simulated", { seed: 7 }));
    const b = await walkOf(createPriceSource("simulated", { seed: 7 }));
    const c = await walkOf(createPriceSource("simulated", { seed: 8 }));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it("draws the live walk of `npm start` from no state a seed could pin", async () => {
    // Two processes with the same V8 random seed: everything Math.random gives is the same in both. A live walk
    // derived from it (as main's was: PriceFeed seeded mulberry32 with Math.random) would come out identical.
    const [first, second] = await Promise.all([liveWalkInProcessSeeded(42), liveWalkInProcessSeeded(42)]);
    expect(first.priceSource).toBe("simulated");
    expect(first.feed).toHaveLength(40);
    expect(second.feed).not.toEqual(first.feed);
    expect(second.createPriceSource).not.toEqual(first.createPriceSource);
    // Not one tick in common: the walks share their start price and nothing else.
    const seen = new Set(first.feed);
    expect(second.feed.filter((tick) => seen.has(tick))).toEqual([]);
  }, 60_000);

  it("gives unseeded walks that share nothing, even started together from the same prices", async () => {
    const [a, b] = await Promise.all([walkOf(createPriceSource("simulated")), walkOf(createPriceSource("simulated"))]);
    const seen = new Set(a);
    expect(b.filter((tick) => seen.has(tick))).toEqual([]);
  });

  it("takes 53 random bits per uniform draw, which no 32-bit generator gives", () => {
    const crypto = new CryptoRandom();
    const seeded = new SeededRandom(1);
    const draws = Array.from({ length: 1000 }, () => crypto.next());
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    // mulberry32's draws are whole multiples of 2^-32; 53-bit draws almost never are (chance 2^-21 each).
    const onA32BitGrid = (x: number) => Number.isInteger(x * 2 ** 32);
    expect(Array.from({ length: 1000 }, () => seeded.next()).every(onA32BitGrid)).toBe(true);
    expect(draws.filter(onA32BitGrid).length).toBeLessThan(5);
    // A fair spread: the mean of 1000 uniforms is within 0.06 of 1/2 (about 7 standard errors).
    expect(Math.abs(draws.reduce((s, x) => s + x, 0) / draws.length - 0.5)).toBeLessThan(0.06);
    const normals = Array.from({ length: 4000 }, () => crypto.normal());
    const mean = normals.reduce((s, x) => s + x, 0) / normals.length;
    const variance = normals.reduce((s, x) => s + (x - mean) ** 2, 0) / normals.length;
    expect(Math.abs(mean)).toBeLessThan(0.12);
    expect(Math.abs(variance - 1)).toBeLessThan(0.15);
  });
});
