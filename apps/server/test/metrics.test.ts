import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ManualClock } from "../src/lib/clock";
import type { Services } from "../src/modules/services";
import { placeUpDownOrder } from "./factories/order";
import { fundedUser } from "./factories/user";
import { startTestApp, type TestApp } from "./helper";

const TOKEN = "metrics-test-token-0123456789";
const clock = new ManualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
let t: TestApp;
let s: Services;

beforeAll(async () => {
  t = await startTestApp({ clock, config: { metricsToken: TOKEN } });
  s = t.app.services;
});
afterAll(async () => {
  await t?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, read the way a scraper reads it: each family's TYPE and each sample line. */
function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return { types, samples, find };
}

async function scrape() {
  const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

describe("/metrics", () => {
  it("is refused without the bearer token and with a wrong one, and is not there without METRICS_TOKEN", async () => {
    const none = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.body).not.toContain("cryptos_");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: TOKEN } });
    expect(basic.statusCode).toBe(401);

    // The same database, an app without METRICS_TOKEN: /metrics is off.
    const off = await buildApp({
      config: { ...t.config, metricsToken: undefined },
      database: t.database,
      logger: false,
    });
    try {
      const res = await off.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("cryptos_");
    } finally {
      await off.close();
    }
  });

  it("names every family with one cryptos_ prefix, and fills them from what happened", async () => {
    // Ticks for every enabled pair, 90 s ago: each pair's newest tick is then 90 s old.
    const pairs = await s.market.newestTicks();
    expect(pairs.length).toBeGreaterThan(1);
    const tickedAt = new Date(clock.now().getTime() - 90_000);
    await s.market.recordQuotes(
      pairs.map((p) => ({ pairId: p.pairId, price: "100" })),
      tickedAt,
    );
    // An up/down order whose settle time passes without settlement running.
    const btc = pairs.find((p) => p.symbol === "BTC/USDT")!.pairId;
    const user = await fundedUser(t);
    await s.market.recordQuotes([{ pairId: btc, price: "100" }], clock.now());
    const placed = await placeUpDownOrder(t, user, { productid: btc });
    expect(placed.body.code).toBe(1);
    clock.advance(75_000);
    // Requests the latency histogram counts by route pattern: a contract call with an id in its body, a 404.
    expect((await t.send("getUpDownOrder", { body: { id: placed.body.data!.id }, as: user })).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/no/such/page/12345" })).statusCode).toBe(404);

    const m = await scrape();
    const families: [string, string][] = [
      ["cryptos_http_request_duration_seconds", "histogram"],
      ["cryptos_websocket_clients", "gauge"],
      ["cryptos_ticks_recorded_total", "counter"],
      ["cryptos_tick_age_seconds", "gauge"],
      ["cryptos_settlement_overdue_orders", "gauge"],
      ["cryptos_settlement_lag_seconds", "gauge"],
      ["cryptos_reviews_waiting", "gauge"],
      ["cryptos_ledger_postings_sum", "gauge"],
      ["cryptos_nodejs_eventloop_lag_seconds", "gauge"],
      ["cryptos_db_pool_max_connections", "gauge"],
      ["cryptos_db_pool_connections", "gauge"],
      ["cryptos_chain_height_lag_blocks", "gauge"],
      ["cryptos_hot_wallet_balance", "gauge"],
      ["cryptos_incidents_open", "gauge"],
    ];
    for (const [name, type] of families) expect(m.types.get(name), name).toBe(type);
    for (const name of m.types.keys()) expect(name).toMatch(/^cryptos_/);

    // The histogram: the call by its route's pattern, the unknown page as "unmatched", never the raw URL.
    const call = m.find("cryptos_http_request_duration_seconds_count", {
      route: "/api/index/getmiaode",
      status: "200",
    });
    expect(call.map((x) => x.value)).toEqual([1]);
    expect(m.find("cryptos_http_request_duration_seconds_count", { route: "unmatched", status: "404" })[0]?.value).toBe(
      1,
    );
    expect(m.samples.some((x) => Object.values(x.labels).some((v) => v.includes("12345")))).toBe(false);
    const buckets = m.find("cryptos_http_request_duration_seconds_bucket", { route: "/api/index/getmiaode" });
    expect(buckets.find((b) => b.labels.le === "+Inf")?.value).toBe(1);

    // Every enabled pair has its tick age (BTC/USDT ticked again 75 s ago; the others 165 s ago) and its count.
    for (const p of pairs) {
      const age = m.find("cryptos_tick_age_seconds", { pair: p.symbol })[0]?.value;
      expect(age, p.symbol).toBe(p.pairId === btc ? 75 : 165);
      expect(m.find("cryptos_ticks_recorded_total", { pair: p.symbol })[0]?.value).toBe(p.pairId === btc ? 2 : 1);
    }
    // The order settles 30 s after acceptance: 45 s late now.
    expect(m.find("cryptos_settlement_overdue_orders")[0]?.value).toBe(1);
    expect(m.find("cryptos_settlement_lag_seconds")[0]?.value).toBeCloseTo(45, 0);
    expect(m.find("cryptos_reviews_waiting", { kind: "deposit" })[0]?.value).toBe(0);
    expect(m.find("cryptos_reviews_waiting", { kind: "withdrawal" })[0]?.value).toBe(0);
    const usdt = m.find("cryptos_ledger_postings_sum", { currency: "USDT" });
    expect(usdt.map((x) => x.value)).toEqual([0]);
    expect(m.find("cryptos_websocket_clients")[0]?.value).toBe(0);
    const pool = t.database.kind === "postgres" ? 5 : 1;
    expect(m.find("cryptos_db_pool_max_connections")[0]?.value).toBe(pool);
    expect(m.find("cryptos_db_pool_connections", { state: "open" })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(m.find("cryptos_incidents_open", { kind: "stale_feed" })[0]?.value).toBe(0);

    // Settled, the lag is gone.
    expect(await s.updown.settleDue()).toBe(1);
    const after = await scrape();
    expect(after.find("cryptos_settlement_overdue_orders")[0]?.value).toBe(0);
    expect(after.find("cryptos_settlement_lag_seconds")[0]?.value).toBe(0);
  });

  it("still answers the scrape when a reading fails, leaving that family empty and counting the failure", async () => {
    // A real failure of the real database: the orders' table is briefly not there.
    await t.database.db.execute(sql`alter table updown_orders rename to updown_orders_away`);
    let m: Awaited<ReturnType<typeof scrape>>;
    try {
      m = await scrape();
    } finally {
      await t.database.db.execute(sql`alter table updown_orders_away rename to updown_orders`);
    }
    expect(m.types.get("cryptos_settlement_lag_seconds")).toBe("gauge");
    expect(m.find("cryptos_settlement_lag_seconds")).toEqual([]);
    expect(m.find("cryptos_settlement_overdue_orders")).toEqual([]);
    // The other families are there as usual.
    expect(m.find("cryptos_reviews_waiting", { kind: "deposit" })[0]?.value).toBe(0);
    // Back to normal; the failures (both settlement families) are counted, as of the scrape after them.
    const next = await scrape();
    expect(next.find("cryptos_settlement_overdue_orders")[0]?.value).toBe(0);
    expect(next.find("cryptos_metrics_reading_failures_total", { reading: "settlement" })[0]?.value).toBe(2);
  });
});
