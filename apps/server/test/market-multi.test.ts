import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { calls, type Pair, type WsServerMessage } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { seedDatabase } from "../src/seed";
import { leaseHolder } from "../src/workers/lease";
import { PriceFeed } from "../src/workers/price-feed";
import { POSTGRES_ADMIN_URL } from "./helper";
import { checkedOnClose } from "./invariants";
import { REDIS_URL, redisUp, runRedisTests as run } from "./redis-tests";

/**
 * Two server instances on one PostgreSQL database and one Redis: the feed runs on the instance holding the
 * lease, and a WebSocket client of the other instance receives the ticks it records. Needs PostgreSQL and Redis,
 * so it runs in the server-postgres project only; under CI a missing Redis fails the run instead of skipping.
 */

interface Instance {
  app: FastifyInstance;
  database: Database;
  feed: PriceFeed;
  port: number;
}

describe.runIf(run)("two instances on one PostgreSQL and Redis", () => {
  const name = `cryptos_test_multi_${process.pid}_${randomBytes(4).toString("hex")}`;
  const channel = `cryptos:test:${name}`;
  const errors: unknown[] = [];
  const log = { info() {}, warn() {}, error: (obj: object) => errors.push(obj) };
  const instances: Instance[] = [];

  async function startInstance(url: string): Promise<Instance> {
    const database = checkedOnClose(await openDatabase({ databaseUrl: url, poolSize: 5 }));
    const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, redisUrl: REDIS_URL });
    const app = await buildApp({
      config,
      database,
      logger: false,
      rateLimitPerMinute: 1_000_000,
      tickChannel: channel,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const feed = new PriceFeed({
      market: app.services.market,
      database,
      config,
      clock: { now: () => new Date() },
      log,
      historyDays: 1,
      intervalMs: 200,
    });
    const instance = { app, database, feed, port: (app.server.address() as AddressInfo).port };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    expect(redisUp, `Redis is not reachable at ${REDIS_URL}`).toBe(true);
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  });

  afterAll(async () => {
    for (const i of instances) await i.feed.stop();
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("delivers ticks recorded by instance A's feed to a WebSocket client of instance B", async () => {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const a = await startInstance(url.toString());
    const b = await startInstance(url.toString());
    await seedDatabase(a.database);

    // A takes the lease and runs its feed; B's feed runs too but stands by.
    expect(await a.feed.loop.runOnce()).toBe(true);
    a.feed.start();
    b.feed.start();

    const pairs = (await b.app.inject({ method: "GET", url: `${calls.listPairs.path}?product_type=1` })).json().data
      .items as Pair[];
    const ids = pairs.slice(0, 3).map((p) => p.id);
    const socket = new WebSocket(`ws://127.0.0.1:${b.port}/ws`);
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
    socket.send(JSON.stringify({ op: "subscribe", pairs: ids }));
    const ticksIn = () => received.flatMap((m) => (m.type === "ticks" ? m.ticks : []));
    await waitFor(() => ticksIn().length >= 6);
    socket.close();

    // Only A holds the lease, and the ticks B's client saw are the ticks A recorded in the shared database.
    expect(a.feed.loop.isLeader).toBe(true);
    expect(b.feed.loop.isLeader).toBe(false);
    expect(await leaseHolder(b.database.db, "price-feed")).toBe(a.feed.loop.holder);
    const ticks = ticksIn();
    expect(new Set(ticks.map((m) => m.pair))).toEqual(new Set(ids));
    for (const tick of ticks) {
      const rows = (await b.database.db.execute(
        sql`select price::text as price from ticks where pair_id = ${tick.pair} and at = ${tick.at}::timestamptz`,
      )) as unknown as { rows: { price: string }[] };
      expect(rows.rows.length).toBe(1);
      expect(Number(rows.rows[0]!.price)).toBe(Number(tick.price));
    }

    // B's own price list follows A's feed too.
    const last = ticks.at(-1)!;
    const listed = (await b.app.inject({ method: "GET", url: `${calls.listPairs.path}?product_type=1` })).json().data
      .items as Pair[];
    expect(listed.find((p) => p.id === last.pair)?.price).toBeDefined();

    // When A stops, B takes the lease over.
    await a.feed.stop();
    while (!b.feed.loop.isLeader) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await leaseHolder(a.database.db, "price-feed")).toBe(b.feed.loop.holder);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe.runIf(!run)("two instances on one PostgreSQL and Redis", () => {
  it.skip(`needs the server-postgres project and Redis at ${REDIS_URL}`, () => {});
});
