import { calls, WS_PATH } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../src/app";
import { loadConfig, type TrustProxy } from "../src/config";
import { drainServer } from "../src/drain";
import { translate } from "../src/i18n/translate";
import { ManualClock } from "../src/lib/clock";
import { SETTLEMENT_LAG_MS } from "../src/modules/system/service";
import { proxyWarningsPlugin } from "../src/plugins/proxy-warnings";
import { seedDatabase } from "../src/seed";
import { settlementWorkers } from "../src/workers/settlement";
import { contractClient } from "./api-client";
import { createCrashDatabase, whyCrashTestSkips } from "./crash-fixtures";
import { upDownOrder } from "./factories/order";
import { fundedUser } from "./factories/user";
import { fundUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import { signUp } from "./sign-up";

/**
 * Issue 40 item 4, decision 115: readiness that tells the truth. `/api/health` makes a database round trip and
 * names the part that fails (database, feed, settlement); SIGTERM's drain refuses new orders, lets the running
 * settlement batch finish and closes live sockets with 1012; TRUST_PROXY mistakes are logged once.
 */

const clock = new ManualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
const logLines: string[] = [];
let t: TestApp;
let btc: number;
beforeAll(async () => {
  t = await startTestApp({ clock, logStream: { write: (line) => void logLines.push(line) } });
  btc = (await t.app.services.market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
});
afterAll(async () => {
  await t?.close();
});

const health = async (app = t.app) => {
  const res = await app.inject({ method: "GET", url: calls.health.path });
  return { status: res.statusCode, data: res.json().data };
};
const tick = (price: string, offsetMs = 0) =>
  t.app.services.market.recordQuotes([{ pairId: btc, price }], new Date(clock.now().getTime() + offsetMs));
const order = (productid = btc) => upDownOrder({ productid });

describe("/api/health", () => {
  it("is ready with the database answering, and names the feed until a tick is recorded", async () => {
    const before = await health();
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({
      status: "ok",
      failing: ["feed"],
      draining: false,
      database: t.database.kind,
      checks: { database: { ok: true, error: null }, feed: { ok: false, newest_tick_age_s: null } },
    });
    expect(before.data.checks.database.ms).toBeGreaterThanOrEqual(0);

    await tick("100");
    expect((await health()).data).toMatchObject({ status: "ok", failing: [], checks: { feed: { ok: true } } });
    clock.advance(61_000);
    expect((await health()).data).toMatchObject({ status: "ok", failing: ["feed"] });
  });

  it("names settlement while an order lies unsettled past its settle time", async () => {
    const user = await fundedUser(t, "100");
    await tick("100", -500);
    expect((await t.send("placeUpDownOrder", { body: order(), as: user })).body.code).toBe(1);
    await tick("101", 400);
    clock.advance(30_000 + SETTLEMENT_LAG_MS + 1_000);
    await tick("102");
    const lagging = await health();
    expect(lagging.status).toBe(200);
    expect(lagging.data).toMatchObject({
      status: "ok",
      failing: ["settlement"],
      checks: { settlement: { ok: false, overdue_orders: 1 } },
    });
    expect(lagging.data.checks.settlement.oldest_overdue_s).toBeGreaterThan(SETTLEMENT_LAG_MS / 1000);

    expect(await t.app.services.updown.settleDue()).toBe(1);
    expect((await health()).data).toMatchObject({
      status: "ok",
      failing: [],
      checks: { settlement: { overdue_orders: 0 } },
    });
  });

  it("while draining: answers 503 and refuses new orders; with the database down: 503 naming it", async () => {
    const other = await startTestApp({ clock });
    try {
      other.app.health.beginDrain();
      const res = await health(other.app);
      expect(res.status).toBe(503);
      expect(res.data).toMatchObject({ status: "failing", draining: true, checks: { database: { ok: true } } });
      const refused = await other.call(calls.placeUpDownOrder.path, { body: order(), headers: { lang: "de" } });
      expect(refused).toEqual({ status: 200, body: { code: 0, msg: translate("de", "server_draining") } });
      // Reading goes on until the listener closes.
      expect((await other.call(calls.listUpDownSettings.path)).body.code).toBe(1);

      await other.database.close();
      const down = await health(other.app);
      expect(down.status).toBe(503);
      expect(down.data).toMatchObject({
        status: "failing",
        checks: { database: { ok: false, ms: null, error: expect.any(String) } },
      });
      expect(down.data.failing).toContain("database");
    } finally {
      await other.app.close();
    }
    // Two apps and a database taken down: 18 s in a full CI run, near the default 30 s bound. A bound, not a timing.
  }, 120_000);
});

describe("TRUST_PROXY warnings", () => {
  const warnings = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.level === 40)
      .map((entry) => entry.msg as string);

  it("says once, not per request, that X-Forwarded-For arrives while TRUST_PROXY is off", async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: "GET", url: calls.health.path, headers: { "x-forwarded-for": "203.0.113.7" } });
    }
    expect(warnings(logLines).filter((msg) => msg.includes("X-Forwarded-For but TRUST_PROXY is off"))).toHaveLength(1);
  });

  it("warns at start when TRUST_PROXY=true listens beyond loopback, and not on loopback or naming the proxy", async () => {
    const startWarnings = async (trustProxy: TrustProxy, host: string) => {
      const lines: string[] = [];
      const app = Fastify({ logger: { level: "warn", stream: { write: (line: string) => void lines.push(line) } } });
      await app.register(proxyWarningsPlugin, { trustProxy, host });
      app.get("/", async () => "ok");
      await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-for": "203.0.113.7" } });
      await app.close();
      return warnings(lines);
    };
    expect(await startWarnings(true, "0.0.0.0")).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true while listening on 0\.0\.0\.0/),
    ]);
    expect(await startWarnings(true, "::")).toHaveLength(1);
    expect(await startWarnings(true, "127.0.0.1")).toEqual([]);
    expect(await startWarnings(true, "localhost")).toEqual([]);
    expect(await startWarnings(["10.0.0.5"], "0.0.0.0")).toEqual([]);
  });
});

const skipDrain = await whyCrashTestSkips();

// A second connection holds a lock the settlement pass needs: PostgreSQL only (PGlite has one connection).
describe.skipIf(skipDrain)("SIGTERM's drain", () => {
  it("refuses orders, waits for the running settlement batch to commit, closes sockets with 1012", async () => {
    const { url, database, drop } = await createCrashDatabase(5);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await seedDatabase(database);
      const drainClock = new ManualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
      const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, perIpLimits: false });
      const app = await buildApp({ config, database, logger: false, clock: drainClock, rateLimitPerMinute: 1e6 });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const served = { app, database, config, ...contractClient(app) } as TestApp;
      const { market, ledger } = app.services;
      const pair = (await market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
      const at = (ms: number) => new Date(drainClock.now().getTime() + ms);
      const user = await signUp(served);
      await fundUser(ledger, user.userId, "100");
      await market.recordQuotes([{ pairId: pair, price: "100" }], at(-500));
      const placed = await served.send("placeUpDownOrder", { body: order(pair), as: user });
      expect(placed.body.code).toBe(1);
      await market.recordQuotes([{ pairId: pair, price: "101" }], at(400));
      await market.recordQuotes([{ pairId: pair, price: "105" }], at(30_000));

      const port = (app.server.address() as { port: number }).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
      const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));

      // The user's accounts are held by another transaction: the settlement pass that takes the order waits.
      await locker.query("begin");
      await locker.query("select id from ledger_accounts where user_id = $1 for update", [user.userId]);
      drainClock.advance(32_000);
      const settlement = settlementWorkers(app.services, { info() {}, warn() {}, error() {} });
      settlement.start();
      const waiting = async () =>
        (
          await locker.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].n > 0;
      while (!(await waiting())) await new Promise((r) => setTimeout(r, 20));

      let drained = false;
      const draining = drainServer({ app, workers: [settlement], database: { ...database, close: async () => {} } });
      void draining.then(() => {
        drained = true;
      });
      const refused = await served.send("placeUpDownOrder", { body: order(pair), as: user });
      expect(refused.body).toEqual({ code: 0, msg: translate("en", "server_draining") });
      expect(drained).toBe(false);
      expect(socket.readyState).toBe(WebSocket.OPEN);

      await locker.query("commit");
      await draining;
      expect(await closed).toBe(1012);
      const rows = await database.db.execute(
        sql`select count(*)::int as n from updown_orders where settled_at is null`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await locker.end();
      await drop();
    }
  }, 60_000);
});
