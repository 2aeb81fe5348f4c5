import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { systemClock } from "../src/lib/clock";
import { createServices } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import { leaseHolder } from "../src/workers/lease";
import { PRICE_FEED_LEASE } from "../src/workers/price-feed";
import {
  crashServerEnv,
  createCrashDatabase,
  expectLedgerHealthy,
  mulberry32,
  ServerProcess,
  whyCrashTestSkips,
} from "./crash-fixtures";
import { fundUser } from "./fixtures";

/**
 * Issue #11: two server processes (crash-fixtures nodeArgsFor) on one PostgreSQL database and one Redis, behind a round-robin TCP
 * proxy, under a mixed load of sign-ups, up/down orders, price and order reads and WebSocket subscribers. The
 * instance holding the price feed's lease is SIGKILLed mid-load and restarted. Every order the API accepted must
 * end settled exactly once by the ledger, the ledger must balance, and every WebSocket client must receive ticks
 * again after the kill. The server reads no tick channel from its environment, so both instances use the default
 * one; the WebSocket clients only count ticks of the pairs of this test's database.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const USERS = 10;
const WS_CLIENTS = 4;
const LOAD_MS = 15_000;
const KILL_AT_MS = 6_000;
const TERM_SECONDS = 5;

/** Whether Redis answers a PING (over a bare socket: the servers, not the test, talk Redis). */
function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => done(String(chunk).startsWith("+PONG")));
  });
}

async function whySkips() {
  const reason = await whyCrashTestSkips();
  if (reason) return reason;
  if (await redisReachable()) return undefined;
  if (process.env.CI === "true") throw new Error(`Redis is not reachable at ${REDIS_URL}`);
  return `Redis is not reachable at ${REDIS_URL}`;
}

const skipReason = await whySkips();

/**
 * Alternates new TCP connections between the live instances (so WebSocket upgrades pass too); a connection the
 * chosen instance refuses is tried on the other one.
 */
function roundRobinProxy(backends: () => (number | undefined)[]) {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.pause();
    const ports = backends();
    const first = next++ % ports.length;
    const order = ports.map((_, i) => ports[(first + i) % ports.length]).filter((p): p is number => p !== undefined);
    const attempt = (i: number) => {
      if (i >= order.length || client.destroyed) {
        client.destroy();
        return;
      }
      const upstream = net.connect(order[i]!, "127.0.0.1");
      let connected = false;
      upstream.once("connect", () => {
        connected = true;
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on("error", () => {
        if (!connected) attempt(i + 1);
        else client.destroy();
      });
      client.on("error", () => upstream.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    };
    attempt(0);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** One request on its own connection (no keep-alive), so the proxy spreads requests over both instances. */
function call(port: number, method: string, url: string, body?: unknown, token?: string): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => {
          try {
            resolve(JSON.parse(text) as Envelope);
          } catch (error) {
            reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)} (${error})`));
          }
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Retries a call that only reads or is safe to repeat, across a kill. */
async function retried(port: number, method: string, url: string, body?: unknown, token?: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(port, method, url, body, token);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A WebSocket client that subscribes to `pairs` and reconnects whenever its socket closes. */
class ReconnectingClient {
  reconnects = 0;
  lastTickAt = 0;
  private socket: WebSocket | undefined;
  private stopped = false;
  constructor(
    private readonly port: number,
    private readonly pairs: number[],
  ) {
    this.open();
  }

  private open() {
    const socket = new WebSocket(`ws://127.0.0.1:${this.port}/ws`);
    this.socket = socket;
    socket.on("open", () => socket.send(JSON.stringify({ op: "subscribe", pairs: this.pairs })));
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; ticks?: { pair: number }[] };
      if (message.type === "ticks" && message.ticks?.some((t) => this.pairs.includes(t.pair))) {
        this.lastTickAt = Date.now();
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (this.stopped) return;
      this.reconnects++;
      setTimeout(() => this.open(), 200);
    });
  }

  stop() {
    this.stopped = true;
    this.socket?.terminate();
  }
}

describe("two instances behind a round-robin proxy, one SIGKILLed", () => {
  let db: Awaited<ReturnType<typeof createCrashDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let proxy: ReturnType<typeof roundRobinProxy> | undefined;
  const clients: ReconnectingClient[] = [];

  afterAll(async () => {
    for (const c of clients) c.stop();
    await proxy?.close();
    for (const s of servers) await s.kill();
    await db?.drop();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  it("settles every accepted order exactly once and reconnects every WebSocket client", {
    timeout: 120_000,
  }, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
    const random = mulberry32(seed);
    db = await createCrashDatabase(3);
    const { database, url } = db;
    await seedDatabase(database);
    const s = createServices(database, systemClock);
    const pairIds = (await s.market.listPairs(1)).map((p) => p.id);
    expect(pairIds.length).toBeGreaterThan(1);

    const poll = new pg.Client({ connectionString: url });
    await poll.connect();
    try {
      // The shortest term, so orders placed during the load settle soon after it.
      await poll.query("update updown_settings set terms = $1::jsonb", [
        JSON.stringify([{ seconds: TERM_SECONDS, payout_rate: "0.75" }]),
      ]);

      for (let i = 0; i < 2; i++) {
        const dir = mkdtempSync(path.join(tmpdir(), "cryptos-failover-"));
        dataDirs.push(dir);
        servers.push(new ServerProcess({ ...crashServerEnv(url, dir), REDIS_URL }));
      }
      const started = async (server: ServerProcess) => {
        server.start();
        await server.waitFor("the server to listen", async () => server.baseUrl !== undefined, 60_000, 50);
      };
      await Promise.all(servers.map(started));
      const portOf = (server: ServerProcess) =>
        server.exited || !server.baseUrl ? undefined : Number(new URL(server.baseUrl).port);
      proxy = roundRobinProxy(() => servers.map(portOf));
      const port = await proxy.listen();

      // Sign-up through the proxy (the code read from the outbox: the servers have no SMTP), then funding.
      const users: { id: number; token: string }[] = [];
      for (let i = 0; i < USERS; i++) {
        const email = `failover-${i}-${seed}@example.com`;
        const sent = await call(port, "POST", "/api/ems/send", { email, event: "register" });
        expect(sent.code, sent.msg).toBe(1);
        const mail = await poll.query<{ text: string }>(
          `select text from email_outbox where "to" = $1 order by id desc limit 1`,
          [email],
        );
        const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text ?? "")?.[1];
        expect(code, `no code mailed to ${email}`).toBeDefined();
        const res = await call(port, "POST", "/api/user/register", { email, code, password: "test-password-1" });
        expect(res.code, res.msg).toBe(1);
        const { token, id } = (res.data as { userinfo: { token: string; id: number } }).userinfo;
        await fundUser(s.ledger, id, "100000");
        users.push({ id, token });
      }

      for (let i = 0; i < WS_CLIENTS; i++) clients.push(new ReconnectingClient(port, pairIds));

      // The mixed load; the instance holding the price feed's lease is killed in the middle and restarted.
      const accepted = new Map<number, number>();
      const refused = new Map<string, number>();
      let failed = 0;
      let reads = 0;
      const loadStart = Date.now();
      let killedAt = 0;
      let victimIndex = -1;
      const killer = (async () => {
        await new Promise((r) => setTimeout(r, KILL_AT_MS));
        const holder = await leaseHolder(database.db, PRICE_FEED_LEASE);
        victimIndex = servers.findIndex((sv) => holder?.includes(`:${sv.pid}:`));
        expect(victimIndex, `lease holder ${holder}`).toBeGreaterThanOrEqual(0);
        const victim = servers[victimIndex]!;
        killedAt = Date.now();
        await victim.kill("SIGKILL");
        await new Promise((r) => setTimeout(r, 1_000));
        await started(victim);
      })();
      await Promise.all(
        users.map(async (user) => {
          while (Date.now() - loadStart < LOAD_MS) {
            const body = {
              productid: pairIds[Math.floor(random() * pairIds.length)]!,
              direction: random() < 0.5 ? "up" : "down",
              amount: String(10 + Math.floor(random() * 90)),
              seconds: TERM_SECONDS,
            };
            try {
              const res = await call(port, "POST", "/api/index/domiao", body, user.token);
              if (res.code === 1) accepted.set((res.data as { id: number }).id, user.id);
              else refused.set(res.msg, (refused.get(res.msg) ?? 0) + 1);
            } catch {
              failed++; // the connection died with the instance: the order may or may not exist
            }
            try {
              const list = await call(port, "GET", "/api/index/productlist?product_type=1");
              expect(list.code, list.msg).toBe(1);
              const mine = await call(port, "POST", "/api/index/miaolist", {}, user.token);
              expect(mine.code, mine.msg).toBe(1);
              reads += 2;
            } catch (error) {
              if (!(error instanceof Error) || error.name === "AssertionError") throw error;
              failed++;
            }
          }
        }),
      );
      await killer;
      expect(killedAt).toBeGreaterThan(0);

      // Every order due, then every order settled; every WebSocket client receiving ticks after the kill.
      const unsettled = async () =>
        Number(
          (await poll.query<{ n: string }>("select count(*) as n from updown_orders where settled_at is null")).rows[0]!
            .n,
        );
      await servers[0]!.waitFor("every order to be settled", async () => (await unsettled()) === 0, 60_000, 250);
      await servers[0]!.waitFor(
        "ticks on every WebSocket client after the kill",
        async () => clients.every((c) => c.lastTickAt > killedAt),
        30_000,
        250,
      );
      // A read after the kill still answers through the proxy.
      expect((await retried(port, "GET", "/api/index/productlist?product_type=1")).code).toBe(1);

      const orders = (
        await poll.query<{ id: string; user_id: string; settled_at: Date | null }>(
          "select id, user_id, settled_at from updown_orders",
        )
      ).rows;
      const inDb = new Map(orders.map((o) => [Number(o.id), o]));
      const lost = [...accepted.keys()].filter((id) => !inDb.has(id));
      const context = `seed ${seed}; accepted ${accepted.size}, in db ${orders.length}, failed calls ${failed}`;
      expect(lost, context).toEqual([]);
      for (const [id, userId] of accepted) expect(Number(inDb.get(id)!.user_id), context).toBe(userId);
      expect(
        orders.filter((o) => o.settled_at === null).map((o) => o.id),
        context,
      ).toEqual([]);

      // By the ledger: one stake entry per order, at most one payout or refund entry, all by idempotency key.
      const entries = (
        await poll.query<{ ref_id: string; type: string; n: string; keys: string }>(
          `select ref_id, type, count(*) as n, count(distinct idempotency_key) as keys
             from journal_entries where ref_type = 'updown_order' group by ref_id, type`,
        )
      ).rows;
      const stakes = new Map<number, number>();
      const settles = new Map<number, number>();
      for (const e of entries) {
        expect(e.n, `order ${e.ref_id} ${e.type}`).toBe(e.keys);
        const byType = e.type === "updown_stake" ? stakes : settles;
        byType.set(Number(e.ref_id), (byType.get(Number(e.ref_id)) ?? 0) + Number(e.n));
      }
      const bad: string[] = [];
      for (const id of inDb.keys()) {
        if (stakes.get(id) !== 1) bad.push(`order ${id}: ${stakes.get(id) ?? 0} stake entries`);
        if ((settles.get(id) ?? 0) > 1) bad.push(`order ${id}: ${settles.get(id)} settle entries`);
      }
      for (const id of [...stakes.keys(), ...settles.keys()]) if (!inDb.has(id)) bad.push(`entry for no order ${id}`);
      expect(bad.slice(0, 5), context).toEqual([]);
      await expectLedgerHealthy(s.ledger);
      expect(await s.updown.unsettledCount()).toBe(0);

      const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
      expect(accepted.size, context).toBeGreaterThan(0);
      // The clients alternate between the instances, so the ones on the killed instance had to reconnect.
      expect(reconnects, context).toBeGreaterThan(0);
      console.log(
        `two-instance failover (seed ${seed}): killed instance ${victimIndex} at ${killedAt - loadStart} ms; ` +
          `orders accepted ${accepted.size}, in db ${orders.length}, settled ${orders.length}, ` +
          `refused ${JSON.stringify(Object.fromEntries(refused))}, calls failed by the kill ${failed}, reads ${reads}; ` +
          `WebSocket clients ${clients.length}, reconnects ${reconnects}`,
      );
    } finally {
      await poll.end();
    }
  });
});
