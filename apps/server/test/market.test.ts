import type { AddressInfo } from "node:net";
import { type Calls, calls, KLINE_INTERVALS, type QueryOf, type WsServerMessage } from "@cryptos/contract";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ManualClock } from "../src/lib/clock";
import { statsSince } from "../src/modules/market/candles-repo";
import { bucketStart } from "../src/modules/market/history";
import type { MarketService } from "../src/modules/market/service";
import { exchangeCount } from "../src/modules/market/sources/exchange-count";
import { leaseHolder } from "../src/workers/lease";
import { PriceFeed } from "../src/workers/price-feed";
import { startTestApp, type TestApp } from "./helper";

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
/** 10:00:30 UTC on a Wednesday: half a minute into the minute, mid-week. */
const clock = new ManualClock(Date.UTC(2026, 2, 4, 10, 0, 30));
const errors: unknown[] = [];
const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };

let t: TestApp;
let market: MarketService;
let feed: PriceFeed;
/** Every tick the feed recorded in this file, by pair id. */
const recorded = new Map<number, { price: string; at: Date }[]>();

async function tick(times = 1) {
  for (let i = 0; i < times; i++) {
    clock.advance(SECOND);
    for (const r of await feed.tick()) {
      const list = recorded.get(r.pairId) ?? [];
      list.push({ price: r.price, at: r.at });
      recorded.set(r.pairId, list);
    }
  }
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const productList = async () => {
  const res = await t.send("listPairs", { query: { product_type: 1 } });
  expect(res.body.code).toBe(1);
  return res.body.data!;
};

type KdataQuery = QueryOf<Calls["getCandles"]>;
const kdata = async (
  productid: number,
  intval: KdataQuery["intval"],
  type: KdataQuery["type"] = "candle",
  limit?: number,
) => {
  const res = await t.send("getCandles", { query: { productid, intval, type, ...(limit ? { limit } : {}) } });
  expect(res.body.code).toBe(1);
  return res.body.data!.candles;
};

beforeAll(async () => {
  t = await startTestApp({ clock });
  market = t.app.services.market;
  feed = new PriceFeed({ market, database: t.database, config: t.config, clock, log, seed: 7, historyDays: 90 });
  await feed.prepare();
  await exchangeCount();
}, 120_000);

afterAll(async () => {
  await feed?.stop();
  await t?.close();
});

describe("market data", () => {
  it("seeds at least 12 USDT pairs, once", async () => {
    const data = await productList();
    expect(data.items.length).toBeGreaterThanOrEqual(12);
    const symbols = data.items.map((p) => p.symbol);
    for (const base of ["BTC", "ETH", "SOL", "BNB", "XRP", "DOGE", "ADA", "TRX", "LTC", "DOT", "AVAX", "LINK"]) {
      expect(symbols).toContain(`${base}/USDT`);
    }
    expect(await market.seed()).toBe(false);
    expect((await productList()).items.length).toBe(data.items.length);
  });

  it("lists every pair with the price of its latest tick, marked simulated, with the true exchange count", async () => {
    await tick(3);
    const data = await productList();
    expect(data.price_source).toBe("simulated");
    expect(data.exchange_count).toBeGreaterThan(50);
    for (const p of data.items) {
      const last = recorded.get(p.id)?.at(-1);
      expect(last, p.symbol).toBeDefined();
      expect(p.simulated).toBe(true);
      expect(p.price).toBe(new Decimal(last!.price).toFixed(p.price_decimals));
      expect(p.price!.split(".")[1]?.length ?? 0).toBe(p.price_decimals);
      expect(p.change_24h).toMatch(/^-?\d+\.\d{2}$/);
    }
    // The next tick moves the listed price without any reload.
    const before = data.items.map((p) => p.price);
    await tick(5);
    const after = (await productList()).items.map((p) => p.price);
    expect(after).not.toEqual(before);
  });

  it("gives candles for each of the 8 intervals: at most 500, newest last, consistent with the ticks", async () => {
    const btc = (await productList()).items.find((p) => p.symbol === "BTC/USDT")!;
    const ticks = recorded.get(btc.id)!;
    const now = clock.now().getTime();
    for (const interval of KLINE_INTERVALS) {
      const candles = await kdata(btc.id, interval);
      expect(candles.length, interval).toBeGreaterThan(10);
      expect(candles.length, interval).toBeLessThanOrEqual(500);
      for (let i = 1; i < candles.length; i++) expect(candles[i]!.t).toBeGreaterThan(candles[i - 1]!.t);
      for (const c of candles) {
        const body = [new Decimal(c.o), new Decimal(c.c)];
        const ok = new Decimal(c.h).gte(Decimal.max(...body)) && new Decimal(c.l).lte(Decimal.min(...body));
        expect(ok, `${interval} ${c.t}`).toBe(true);
      }
      // The last candle is the interval still open, and it holds every tick recorded in it.
      const last = candles.at(-1)!;
      expect(last.t).toBe(bucketStart(now, interval));
      const inside = ticks.filter((x) => x.at.getTime() >= last.t).map((x) => new Decimal(x.price));
      expect(inside.length).toBeGreaterThan(0);
      expect(new Decimal(last.h).gte(Decimal.max(...inside))).toBe(true);
      expect(new Decimal(last.l).lte(Decimal.min(...inside))).toBe(true);
      expect(new Decimal(last.c).eq(inside.at(-1)!)).toBe(true);
    }
    // The current minute had no history: its open is the first tick of that minute.
    const minute = (await kdata(btc.id, "1m")).at(-1)!;
    const first = ticks.find((x) => x.at.getTime() >= minute.t)!;
    expect(new Decimal(minute.o).eq(first.price)).toBe(true);
    // The larger candles agree with the minutes they are made of.
    const hour = (await kdata(btc.id, "1h")).at(-2)!;
    const minutes = (await kdata(btc.id, "1m")).filter((c) => c.t >= hour.t && c.t < hour.t + 3600 * SECOND);
    expect(minutes.length).toBe(60);
    expect(hour.o).toBe(minutes[0]!.o);
    expect(hour.c).toBe(minutes.at(-1)!.c);
    expect(hour.h).toBe(Decimal.max(...minutes.map((m) => m.h)).toFixed(btc.price_decimals));
    expect(hour.l).toBe(Decimal.min(...minutes.map((m) => m.l)).toFixed(btc.price_decimals));
    // A line is the closes.
    const line = await kdata(btc.id, "15m", "line");
    expect(line.every((p) => p.o === p.c && p.h === p.c && p.l === p.c)).toBe(true);
  });

  it("shows one pair's 24 h open, high, low, volume and change", async () => {
    const eth = (await productList()).items.find((p) => p.symbol === "ETH/USDT")!;
    await tick();
    const res = await t.send("getPair", { query: { product_id: eth.id } });
    expect(res.body.code).toBe(1);
    const d = res.body.data!;
    const from = new Date(clock.now().getTime() - DAY).toISOString();
    const [expected] = await rows<Record<string, string>>(
      sql`select (array_agg(o order by t))[1] as o, max(h) as h, min(l) as l, sum(v) as v
          from candles_1m where pair_id = ${eth.id} and t >= ${from}::timestamptz`,
    );
    const last = recorded.get(eth.id)!.at(-1)!;
    expect(d.price).toBe(new Decimal(last.price).toFixed(2));
    expect(d.updated_at).toBe(last.at.toISOString());
    expect(d.open_24h).toBe(new Decimal(expected!.o!).toFixed(2));
    expect(d.high_24h).toBe(new Decimal(expected!.h!).toFixed(2));
    expect(d.low_24h).toBe(new Decimal(expected!.l!).toFixed(2));
    expect(d.volume_24h).toBe(new Decimal(expected!.v!).toFixed(eth.qty_decimals));
    const change = new Decimal(d.price!).minus(d.open_24h!).div(d.open_24h!).times(100).toFixed(2);
    expect(d.change_24h).toBe(change);

    // Every pair's figures at once (the lists') agree with the same minutes grouped and sorted.
    const reference = await rows<Record<string, string>>(
      sql`select pair_id, (array_agg(o order by t))[1] as o, max(h) as h, min(l) as l, sum(v) as v,
            (array_agg(c order by t desc))[1] as c
          from candles_1m where t >= ${from}::timestamptz group by pair_id order by pair_id`,
    );
    expect(reference.length).toBeGreaterThan(1);
    const all = (await statsSince(t.database.db, new Date(from))).sort((a, b) => a.pairId - b.pairId);
    expect(all.map((r) => [r.pairId, r.open, r.high, r.low, r.volume, r.last])).toEqual(
      reference.map((r) => [Number(r.pair_id), r.o, r.h, r.l, r.v, r.c]),
    );
  });

  it("answers only the newest `limit` candles when asked", async () => {
    const [btc] = (await productList()).items;
    const all = await kdata(btc!.id, "1h", "line");
    const last24 = await kdata(btc!.id, "1h", "line", 24);
    expect(all.length).toBeGreaterThan(24);
    expect(last24).toHaveLength(24);
    expect(last24.map((c) => c.t)).toEqual(all.slice(-24).map((c) => c.t));
    const tooMany = await t.send("getCandles", { query: { productid: btc!.id, intval: "1h", limit: 501 } });
    expect(tooMany.body.code).toBe(0);
    expect(tooMany.body.msg).toContain("limit");
  });

  it("refuses an unknown pair or interval with code 0 and a message", async () => {
    const unknown = await t.send("getPair", { query: { product_id: 99999 } });
    expect(unknown.body).toEqual({ code: 0, msg: "This trading pair does not exist or is not available" });
    const de = await t.send("getCandles", {
      query: { productid: 99999, intval: "1m", type: "candle" },
      headers: { lang: "de" },
    });
    expect(de.body).toEqual({ code: 0, msg: "Dieses Handelspaar gibt es nicht oder es ist nicht verfügbar" });
    // Raw: letters for a number, and an interval the contract does not have.
    const notNumber = await t.call(calls.getPair.path, { method: "GET", query: { product_id: "abc" } });
    expect(notNumber.body.code).toBe(0);
    expect(notNumber.body.msg).toContain("product_id");
    const badInterval = await t.call(calls.getCandles.path, { method: "GET", query: { productid: "1", intval: "2m" } });
    expect(badInterval.body.code).toBe(0);
    expect(badInterval.body.msg).toContain("intval");
  });
});

describe("sparklines: one call for a market list's lines", () => {
  const sparklines = async (productids: number[], limit?: number) => {
    const res = await t.send("sparklines", {
      query: { productids: productids.join(","), ...(limit === undefined ? {} : { limit }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data!;
  };

  it("answers each pair's line as getkdata answers it for 1h, type=line and the same limit", async () => {
    await tick(2);
    const ids = (await productList()).items.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(12);
    for (const limit of [undefined, 3, 500]) {
      const data = await sparklines(ids, limit);
      expect(data.interval).toBe("1h");
      expect(data.lines.map((line) => line.productid)).toEqual(ids);
      for (const line of data.lines) {
        const expected = await kdata(line.productid, "1h", "line", limit ?? 24);
        expect(expected.length).toBe(limit ?? 24);
        expect(line.candles, `pair ${line.productid}, limit ${limit}`).toEqual(expected);
      }
    }
    // The lines follow the order asked for.
    const reversed = await sparklines([...ids].reverse(), 2);
    expect(reversed.lines.map((line) => line.productid)).toEqual([...ids].reverse());
  });

  it("leaves out pairs that do not exist or are disabled, as getkdata refuses them", async () => {
    const [a, b] = (await productList()).items;
    await t.database.db.execute(sql`update pairs set enabled = false where id = ${b!.id}`);
    try {
      expect((await t.send("getCandles", { query: { productid: b!.id, intval: "1h" } })).body.code).toBe(0);
      const data = await sparklines([b!.id, 99_999, a!.id, 2_147_483_647], 5);
      expect(data.lines.map((line) => line.productid)).toEqual([a!.id]);
      expect(data.lines[0]!.candles).toEqual(await kdata(a!.id, "1h", "line", 5));
      expect((await sparklines([99_999])).lines).toEqual([]);
    } finally {
      await t.database.db.execute(sql`update pairs set enabled = true where id = ${b!.id}`);
    }
  });

  it("takes at most 50 ids: 50 are answered (unknown ones left out), 51 are refused", async () => {
    const known = new Set((await productList()).items.map((p) => p.id));
    const fifty = Array.from({ length: 50 }, (_, i) => i + 1);
    const data = await sparklines(fifty, 1);
    expect(data.lines.map((line) => line.productid)).toEqual(fifty.filter((id) => known.has(id)));
    const res = await t.send("sparklines", { query: { productids: [...fifty, 51].join(",") } });
    expect(res.body).toEqual({ code: 0, msg: "productids takes at most 50 items" });
  });

  it("refuses bad input with code 0 and a message naming the field, in the caller's language, and changes nothing", async () => {
    const counts = () =>
      rows<Record<string, string>>(
        sql`select (select count(*) from ticks)::text as ticks, (select count(*) from candles)::text as candles,
                   (select count(*) from candles_1m)::text as minutes, (select count(*) from pairs)::text as pairs`,
      );
    const before = await counts();
    const list = "productids must be pair ids separated by commas, such as 1,2,3";
    const cases: [string, string][] = [
      ["", "productids is required"],
      ["productids=", list],
      ["productids=abc", list],
      ["productids=1,,2", list],
      ["productids=1,%202", list],
      ["productids=-1", list],
      ["productids=0", list],
      ["productids=1.5", list],
      ["productids=2147483648", list],
      ["productids=12345678901", list],
      ["productids=1,2,1", "productids names the same id more than once"],
      ["productids=1,01", "productids names the same id more than once"],
      ["productids=1&productids=2", "productids must be text"],
      ["productids=1&limit=0", "limit must be at least 1"],
      ["productids=1&limit=501", "limit must be at most 500"],
      ["productids=1&limit=x", "limit is not valid"],
    ];
    for (const [query, msg] of cases) {
      const res = await t.call(`${calls.sparklines.path}?${query}`, { method: "GET" });
      expect(res.status, query).toBe(200);
      expect(res.body, query).toEqual({ code: 0, msg });
    }
    const de = await t.call(`${calls.sparklines.path}?productids=3,3`, { method: "GET", headers: { lang: "de" } });
    expect(de.body).toEqual({ code: 0, msg: "productids nennt dieselbe ID mehr als einmal" });
    const ja = await t.call(`${calls.sparklines.path}?productids=x`, { method: "GET", headers: { lang: "ja" } });
    expect(ja.body).toEqual({ code: 0, msg: "productids には 1,2,3 のようにカンマ区切りのペア ID を指定してください" });
    expect(await counts()).toEqual(before);
  });
});

describe("the tick store", () => {
  it("refuses to change or delete a tick outside the retention job", async () => {
    await expect(t.database.db.execute(sql`update ticks set price = 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ticks`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate ticks`)).rejects.toThrow();
  });

  it("prunes raw ticks past the retention window but keeps every tick an order references", async () => {
    const [pair] = (await productList()).items;
    const old = new Date(clock.now().getTime() - 10 * DAY);
    const a = await market.recordQuotes([{ pairId: pair!.id, price: "100" }], old);
    const b = await market.recordQuotes([{ pairId: pair!.id, price: "101" }], new Date(old.getTime() + SECOND));
    const referenced = b[0]!.id;
    market.retention.protectTicks("test-orders", () => sql`select ${referenced}::int8`);
    const before = await rows<{ n: string }>(sql`select count(*)::text as n from ticks`);
    // No tick leaves before its pair's day is archived (tick-log.test.ts); then it may.
    expect(await market.retention.pruneTicks(7)).toBe(0);
    expect(await t.app.services.tickLog.archiveDaysBeforeRetention(7)).toBeGreaterThan(0);
    const deleted = await market.retention.pruneTicks(7);
    expect(deleted).toBe(1);
    const left = await rows<{ id: unknown }>(sql`select id from ticks where id in (${a[0]!.id}, ${referenced})`);
    expect(left.map((r) => Number(r.id))).toEqual([referenced]);
    const after = await rows<{ n: string }>(sql`select count(*)::text as n from ticks`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) - 1);
    // The retention job's permission ended with its transaction.
    await expect(t.database.db.execute(sql`delete from ticks`)).rejects.toThrow();
  });

  it("finds each order's entry and exit ticks", async () => {
    const [pair] = (await productList()).items;
    const acceptedAt = clock.now();
    await tick(3);
    const mine = recorded.get(pair!.id)!.slice(-3);
    const windows = await market.entryAndExit([
      { id: 1, pairId: pair!.id, acceptedAt, afterTickId: null, settleAt: mine[1]!.at },
      {
        id: 2,
        pairId: pair!.id,
        acceptedAt: clock.now(),
        afterTickId: null,
        settleAt: new Date(clock.now().getTime() + 60 * SECOND),
      },
    ]);
    expect(windows.get(1)?.entry).toMatchObject({ price: mine[0]!.price, at: mine[0]!.at });
    expect(windows.get(1)?.exit).toMatchObject({ price: mine[1]!.price, at: mine[1]!.at });
    expect(windows.get(2)).toEqual({ entry: undefined, exit: undefined });
    // With a receipt's head the entry is the next tick by position, whatever the acceptance time says.
    const head = windows.get(1)!.entry!.id;
    const positional = await market.entryAndExit([
      { id: 3, pairId: pair!.id, acceptedAt: clock.now(), afterTickId: head, settleAt: mine[2]!.at },
    ]);
    expect(positional.get(3)?.entry).toMatchObject({
      price: mine[1]!.price,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(positional.get(3)?.exit).toMatchObject({ price: mine[2]!.price, at: mine[2]!.at });
    expect(await market.latestPrice(pair!.base, "USDT")).toBe(
      new Decimal(mine[2]!.price).toFixed(pair!.price_decimals),
    );
  });
});

describe("one feed at a time", () => {
  it("runs the feed only on the instance holding the lease, and hands the lease over on stop", async () => {
    const a = new PriceFeed({ market, database: t.database, config: t.config, clock, log, seed: 1, historyDays: 0 });
    const b = new PriceFeed({ market, database: t.database, config: t.config, clock, log, seed: 2, historyDays: 0 });
    expect(await a.loop.runOnce()).toBe(true);
    expect(await b.loop.runOnce()).toBe(false);
    expect(await leaseHolder(t.database.db, "price-feed")).toBe(a.loop.holder);
    expect(await a.loop.runOnce()).toBe(true);
    await a.stop();
    expect(await b.loop.runOnce()).toBe(true);
    expect(await leaseHolder(t.database.db, "price-feed")).toBe(b.loop.holder);
    await b.stop();
    expect(errors).toEqual([]);
  });
});

const ticksIn = (messages: WsServerMessage[]) => messages.flatMap((m) => (m.type === "ticks" ? m.ticks : []));

describe("live prices over WebSocket", () => {
  it("pushes the ticks of the subscribed pairs only", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?lang=fr`);
    const received: WsServerMessage[] = [];
    const waiters: (() => void)[] = [];
    socket.on("message", (data) => {
      received.push(JSON.parse(data.toString()) as WsServerMessage);
      for (const w of waiters.splice(0)) w();
    });
    const waitFor = async (test: () => boolean) => {
      while (!test()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const [btc, eth, sol] = (await productList()).items;

    socket.send(JSON.stringify({ op: "subscribe", pairs: [btc!.id, eth!.id] }));
    await waitFor(() => received.some((m) => m.type === "subscribed"));
    expect(received.at(-1)).toEqual({ type: "subscribed", pairs: [btc!.id, eth!.id].sort((x, y) => x - y) });

    await tick();
    await waitFor(() => received.some((m) => m.type === "ticks"));
    // One feed batch arrives as one frame holding the ticks of both followed pairs.
    const frames = received.filter((m) => m.type === "ticks");
    expect(frames).toHaveLength(1);
    const ticks = ticksIn(received);
    expect(new Set(ticks.map((m) => m.pair))).toEqual(new Set([btc!.id, eth!.id]));
    expect(ticks).toHaveLength(2);
    for (const m of ticks) {
      const last = recorded.get(m.pair)!.at(-1)!;
      expect(m.at).toBe(last.at.toISOString());
      expect(new Decimal(m.price).eq(last.price)).toBe(true);
    }
    expect(ticks.some((m) => m.pair === sol!.id)).toBe(false);

    socket.send(JSON.stringify({ op: "unsubscribe", pairs: [eth!.id] }));
    await waitFor(() => received.at(-1)?.type === "subscribed");
    expect(received.at(-1)).toEqual({ type: "subscribed", pairs: [btc!.id] });

    socket.send("not json");
    await waitFor(() => received.at(-1)?.type === "error");
    expect(received.at(-1)).toEqual({
      type: "error",
      msg: "Message non reconnu : envoyez subscribe, unsubscribe, auth ou ping",
    });
    socket.send(JSON.stringify({ op: "ping" }));
    await waitFor(() => received.at(-1)?.type === "pong");

    received.length = 0;
    await tick();
    await waitFor(() => received.some((m) => m.type === "ticks"));
    expect(ticksIn(received).map((m) => m.pair)).toEqual([btc!.id]);
    socket.close();
  });
});
