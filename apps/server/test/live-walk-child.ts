/**
 * Prints the first ticks of the simulated market's live walk, built the way `npm start` builds it (main.ts: a
 * PriceFeed with no seed, its source made from PRICE_SOURCE's default) and, separately, by createPriceSource with
 * no seed. market-random.test.ts runs this twice under `node --random-seed=N`, which pins every value Math.random
 * gives: a walk that is a function of any seedable state in the process comes out the same both times.
 * The feed is never started: only its source is polled, with a fixed clock, from fixed prices.
 */
import { loadConfig } from "../src/config";
import { createPriceSource, type PriceSource, type SourcePair } from "../src/modules/market/sources";
import { PriceFeed } from "../src/workers/price-feed";

const pairs: SourcePair[] = ["BTC/USDT", "ETH/USDT"].map((symbol, i) => ({
  id: i + 1,
  symbol,
  sourceSymbol: null,
  priceDecimals: 8,
  qtyDecimals: 8,
  simPrice: "100",
  simVolatility: "0.6",
}));

async function ticks(source: PriceSource): Promise<string[]> {
  await source.start(pairs, new Map());
  const out: string[] = [];
  for (let i = 1; i <= 20; i++) {
    for (const q of await source.poll(new Date(Date.UTC(2026, 0, 1, 0, 0, i)))) out.push(`${q.price}/${q.volume}`);
  }
  return out;
}

const config = loadConfig({}, {});
const feed = new PriceFeed({
  market: undefined as never,
  database: { db: undefined } as never,
  config,
  clock: { now: () => new Date() } as never,
  log: { info() {}, warn() {}, error() {} },
});
const result = {
  priceSource: config.priceSource,
  feed: await ticks(feed.source),
  createPriceSource: await ticks(createPriceSource(config.priceSource)),
};
process.stdout.write(JSON.stringify(result));
