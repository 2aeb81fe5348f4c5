import type { Calls, QueryOf } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { HISTORY_REST_CHUNK } from "../src/modules/market/history-writer";
import type { MarketService } from "../src/modules/market/service";
import { PriceFeed } from "../src/workers/price-feed";
import { startTestApp, type TestApp } from "./helper";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Four days: three are written before the first tick, the fourth (and the older larger candles) after. */
const HISTORY_DAYS = 4;
/** 10:00:30 UTC on a Wednesday. */
const START = Date.UTC(2026, 2, 4, 10, 0, 30);
const clock = new ManualClock(START);
const errors: unknown[] = [];
const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };

let t: TestApp;
let market: MarketService;
let btc: number;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const newFeed = (historyRestDelayMs = 0) =>
  new PriceFeed({
    market,
    database: t.database,
    config: t.config,
    clock,
    log,
    seed: 11,
    historyDays: HISTORY_DAYS,
    historyRestDelayMs,
  });

/** Writes the rest of the history until done; returns the number of steps it took. */
async function finish(feed: PriceFeed) {
  let steps = 0;
  while (await feed.writeHistoryFor(0)) steps++;
  return steps + 1;
}

const minuteCount = async (pairId: number) =>
  Number(
    (
      await rows<{ n: string }>(
        sql`select count(*)::int8 as n from candles_1m where pair_id = ${pairId} and t < ${new Date(START).toISOString()}::timestamptz - interval '30 seconds'`,
      )
    )[0]?.n,
  );

/** Counts the event loop's turns (a setImmediate that schedules itself) until `stop`. */
function eventLoopTurns() {
  let turns = 0;
  let counting = true;
  const turn = () => {
    if (!counting) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop: () => {
      counting = false;
      return turns;
    },
  };
}

const kdata = async (query: QueryOf<Calls["getCandles"]>) => (await t.send("getCandles", { query })).body;

/**
 * Every stored candle of a larger interval that disagrees with the one-minute candles it covers (open, high, low,
 * close and volume). Weeks are binned from Monday 1970-01-05, the others from the epoch.
 */
const disagreeing = () =>
  rows<{ interval: string; t: string }>(sql`
    with sizes(interval, size, origin) as (values
      ('5m', interval '5 minutes', timestamptz '1970-01-01Z'), ('15m', interval '15 minutes', timestamptz '1970-01-01Z'),
      ('30m', interval '30 minutes', timestamptz '1970-01-01Z'), ('1h', interval '1 hour', timestamptz '1970-01-01Z'),
      ('4h', interval '4 hours', timestamptz '1970-01-01Z'), ('1d', interval '1 day', timestamptz '1970-01-01Z'),
      ('1w', interval '7 days', timestamptz '1970-01-05Z')),
    rolled as (
      select s.interval, m.pair_id, date_bin(s.size, m.t, s.origin) as t,
        (array_agg(m.o order by m.t))[1] as o, max(m.h) as h, min(m.l) as l,
        (array_agg(m.c order by m.t desc))[1] as c, sum(m.v) as v
      from candles_1m m cross join sizes s group by s.interval, m.pair_id, 3)
    select c.interval, c.t::text from candles c
      left join rolled r on r.interval = c.interval and r.pair_id = c.pair_id and r.t = c.t
    where r.t is null or (r.o, r.h, r.l, r.c, r.v) is distinct from (c.o, c.h, c.l, c.c, c.v)
    limit 5`);

beforeAll(async () => {
  t = await startTestApp({ clock });
  market = t.app.services.market;
  btc = (await market.productList(1)).items.find((p) => p.symbol === "BTC/USDT")!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("generated price history", () => {
  it("opens the charts at once, then writes the rest between ticks, resuming after an interruption", async () => {
    const first = newFeed(60_000);
    await first.prepare();
    // Before the first tick: one day of minutes, and 500 candles of each larger interval.
    expect(await minuteCount(btc)).toBe(24 * 60);
    const fiveMinutes = await rows<{ n: number }>(
      sql`select count(*)::int as n from candles where pair_id = ${btc} and interval = '5m'`,
    );
    expect(fiveMinutes[0]?.n).toBe(500);
    // The feed's passes leave the rest alone for a while after the market goes live: a start's first requests
    // do not wait behind the making of a pair's past. Counted: the generated minutes only (the history ends before
    // the minute the market went live, the ticks' candles come after).
    const generated = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from candles_1m where t < ${new Date(Math.floor(START / MINUTE) * MINUTE).toISOString()}::timestamptz`,
        )
      )[0]?.n;
    const beforePasses = await generated();
    for (let i = 0; i < 2; i++) {
      clock.advance(1000);
      expect(await first.loop.runOnce()).toBe(true);
    }
    expect(await generated()).toBe(beforePasses);

    // A few statements of the rest, beside live ticks; then this feed is gone (as in a crash or a lost lease).
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await first.tick();
      expect(await first.writeHistoryFor(0)).toBe(true);
    }
    // Requests are read between its statements: PGlite answers in microtasks, so without a turn of the event loop
    // after each statement a pass held every request until its end.
    const beforeLongPass = (await generated()) ?? 0;
    const turns = eventLoopTurns();
    expect(await first.writeHistoryFor(250)).toBe(true);
    const turned = turns.stop();
    const statements = Math.ceil((((await generated()) ?? 0) - beforeLongPass) / HISTORY_REST_CHUNK);
    expect(statements).toBeGreaterThan(1);
    expect(turned).toBeGreaterThanOrEqual(statements);
    await first.stop();

    // Another feed takes over: the same walk again from the stored anchors, nothing written twice. Its passes
    // write the rest at once (no delay): its first statements are the ones the first feed wrote (left alone), so
    // new rows come within a few passes (each writes at least one statement).
    const second = newFeed();
    const beforeSecond = (await generated()) ?? 0;
    let passes = 0;
    while (((await generated()) ?? 0) === beforeSecond && passes < 10) {
      clock.advance(1000);
      expect(await second.loop.runOnce()).toBe(true);
      passes++;
    }
    expect(((await generated()) ?? 0) - beforeSecond).toBeGreaterThan(0);
    expect(await finish(second)).toBeGreaterThan(1);
    expect(errors).toEqual([]);

    for (const pair of (await market.productList(1)).items) {
      expect(await minuteCount(pair.id), pair.symbol).toBe(HISTORY_DAYS * 24 * 60);
    }
    // Minutes without a gap from the first to the last, and every larger candle is the roll-up of its minutes.
    const span = await rows<{ oldest: string; newest: string; n: number }>(sql`
      select (extract(epoch from min(t)) * 1000)::int8::text as oldest, (extract(epoch from max(t)) * 1000)::int8::text
        as newest, count(*)::int as n from candles_1m where pair_id = ${btc}`);
    const { oldest, newest, n } = span[0]!;
    expect((Number(newest) - Number(oldest)) / MINUTE + 1).toBe(n);
    expect(Number(oldest)).toBe(Math.floor(START / MINUTE) * MINUTE - HISTORY_DAYS * DAY);
    expect(await disagreeing()).toEqual([]);

    // Done is done: a later leader has nothing left to write.
    const third = newFeed();
    await third.prepare();
    expect(await third.writeHistoryFor(0)).toBe(false);
    await Promise.all([second.stop(), third.stop()]);
  }, 120_000);

  it("pages back through the candles with `end`, each page joining the next", async () => {
    const latest = await kdata({ productid: String(btc), intval: "5m" });
    expect(latest.code).toBe(1);
    const newest = latest.data!.candles;
    expect(newest).toHaveLength(500);
    const before = await kdata({ productid: String(btc), intval: "5m", end: String(newest[0]!.t) });
    const page = before.data!.candles;
    expect(page).toHaveLength(500);
    expect(page.every((c) => c.t < newest[0]!.t)).toBe(true);
    expect(page.at(-1)!.t + 5 * MINUTE).toBe(newest[0]!.t);
    for (let i = 1; i < page.length; i++) expect(page[i]!.t - page[i - 1]!.t).toBe(5 * MINUTE);

    // Four days of five-minute candles are 1,152: the third page holds the last 152, the fourth nothing.
    const third = (await kdata({ productid: String(btc), intval: "5m", end: String(page[0]!.t) })).data!.candles;
    expect(third).toHaveLength(HISTORY_DAYS * 24 * 12 - 1000 + 1);
    const none = await kdata({ productid: String(btc), intval: "5m", end: String(third[0]!.t) });
    expect(none).toMatchObject({ code: 1, data: { candles: [] } });
  });

  it("refuses an `end` that is not a time, naming it", async () => {
    for (const end of ["-1", "soon", "1.5", "99999999999999999"]) {
      const res = await kdata({ productid: String(btc), intval: "1h", end });
      expect(res.code, end).toBe(0);
      expect(res.msg, end).toMatch(/end/);
    }
  });

  it("continues each pair's walk from its newest minute's close, with days of history behind it", async () => {
    const later = new Date(clock.now().getTime() + 5 * MINUTE);
    await market.recordQuotes([{ pairId: btc, price: "12345.67" }], later);
    const { lastPrices } = await market.sourcePairs();
    const newest = await rows<{ pair_id: unknown; c: string }>(
      sql`select distinct on (pair_id) pair_id, c from candles_1m order by pair_id, t desc`,
    );
    expect(newest.length).toBeGreaterThan(1);
    expect(lastPrices).toEqual(new Map(newest.map((r) => [Number(r.pair_id), String(r.c)])));
    expect(Number(lastPrices.get(btc))).toBe(12345.67);
  });
});
