import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { CcxtSource } from "../src/modules/market/sources/ccxt";
import { PriceFeed } from "../src/workers/price-feed";
import { startTestApp, type TestApp } from "./helper";

/**
 * A stand-in for Binance's public spot API on 127.0.0.1: the three exchangeInfo endpoints ccxt reads to load
 * markets, and ticker/24hr for the prices. The test never reaches the internet: every request is recorded and
 * an unknown path is a 404 the test would see.
 */
function binanceStandIn(prices: Map<string, string>) {
  const requests: string[] = [];
  const market = (base: string) => ({
    symbol: `${base}USDT`,
    status: "TRADING",
    baseAsset: base,
    baseAssetPrecision: 8,
    quoteAsset: "USDT",
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ["LIMIT", "MARKET"],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    permissions: ["SPOT"],
    filters: [
      { filterType: "PRICE_FILTER", minPrice: "0.00000100", maxPrice: "1000000.00", tickSize: "0.00000100" },
      { filterType: "LOT_SIZE", minQty: "0.00001000", maxQty: "9000.00", stepSize: "0.00001000" },
    ],
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname);
    res.setHeader("content-type", "application/json");
    const bases = [...prices.keys()];
    if (url.pathname === "/api/v3/exchangeInfo") {
      res.end(JSON.stringify({ timezone: "UTC", serverTime: Date.now(), symbols: bases.map(market) }));
    } else if (url.pathname === "/fapi/v1/exchangeInfo" || url.pathname === "/dapi/v1/exchangeInfo") {
      res.end(JSON.stringify({ timezone: "UTC", serverTime: Date.now(), symbols: [] }));
    } else if (url.pathname === "/api/v3/ticker/24hr") {
      const wanted = JSON.parse(url.searchParams.get("symbols") ?? "[]") as string[];
      const now = Date.now();
      const tickers = bases
        .filter((b) => wanted.length === 0 || wanted.includes(`${b}USDT`))
        .map((b) => ({
          symbol: `${b}USDT`,
          lastPrice: prices.get(b),
          openPrice: prices.get(b),
          highPrice: prices.get(b),
          lowPrice: prices.get(b),
          volume: "1000.00000000",
          quoteVolume: "1000000.00000000",
          openTime: now - 86_400_000,
          closeTime: now,
        }));
      res.end(JSON.stringify(tickers));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: -1, msg: "unknown path" }));
    }
  });
  return { server, requests };
}

const clock = new ManualClock(Date.UTC(2026, 2, 4, 10, 0, 0));
const log = { info() {}, warn() {}, error() {} };
// Every seeded pair but LINK is listed by the stand-in: the feed must leave LINK out, not fail.
const prices = new Map([
  ["BTC", "97123.45"],
  ["ETH", "3456.78"],
  ["SOL", "191.23"],
  ["BNB", "650.1"],
  ["XRP", "2.3456"],
  ["DOGE", "0.32109"],
  ["ADA", "0.9512"],
  ["TRX", "0.25321"],
  ["LTC", "108.42"],
  ["DOT", "7.216"],
  ["AVAX", "38.41"],
]);
const standIn = binanceStandIn(prices);
let t: TestApp;
let feed: PriceFeed;

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
  const { port } = standIn.server.address() as AddressInfo;
  t = await startTestApp({ clock, config: { priceSource: "ccxt:binance" } });
  feed = new PriceFeed({
    market: t.app.services.market,
    database: t.database,
    config: t.config,
    clock,
    log,
    ccxt: { apiOrigin: `http://127.0.0.1:${port}`, timeoutMs: 5_000 },
  });
}, 60_000);

afterAll(async () => {
  await feed?.stop();
  await t?.close();
  standIn.server.close();
});

const listed = () => t.api("listPairs", { query: { product_type: 1 } });

describe("ccxt price source", () => {
  it("records the exchange's last prices as ticks", async () => {
    expect(feed.source).toBeInstanceOf(CcxtSource);
    const ticks = await feed.tick();
    expect(ticks.length).toBe(prices.size);
    expect((feed.source as CcxtSource).missing).toEqual(["LINK/USDT"]);

    const data = await listed();
    expect(data.price_source).toBe("ccxt:binance");
    const bySymbol = new Map(data.items.map((p) => [p.symbol, p]));
    expect(bySymbol.get("BTC/USDT")).toMatchObject({ price: "97123.45", simulated: false });
    expect(bySymbol.get("BNB/USDT")?.price).toBe("650.10");
    expect(bySymbol.get("DOGE/USDT")?.price).toBe("0.32109");
    expect(bySymbol.get("LINK/USDT")?.price).toBeNull();

    prices.set("BTC", "97200.5");
    clock.advance(1000);
    await feed.tick();
    const again = await listed();
    expect(again.items.find((p) => p.symbol === "BTC/USDT")?.price).toBe("97200.50");
    const chart = await t.api("getCandles", { query: { productid: bySymbol.get("BTC/USDT")!.id, intval: "1m" } });
    expect(chart.candles).toEqual([
      { t: Date.UTC(2026, 2, 4, 10, 0, 0), o: "97123.45", h: "97200.50", l: "97123.45", c: "97200.50", v: "0.000000" },
    ]);

    expect(standIn.requests).toContain("/api/v3/ticker/24hr");
    expect(standIn.requests.every((p) => p.endsWith("/exchangeInfo") || p === "/api/v3/ticker/24hr")).toBe(true);
  });
});
