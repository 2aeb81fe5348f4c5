import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { ManualClock } from "../src/lib/clock";
import { createServices, type Services } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import { WorkerLoop } from "../src/workers/loop";
import { fundUser, insertUser } from "./fixtures";
import { closeThenDrop, openTestDatabase, POSTGRES_ADMIN_URL, testDbKind } from "./helper";
import { checkedOnClose } from "./invariants";

/**
 * docs/design/updown.md: settlement "is done by a worker that any number of server instances can run". Two instances,
 * each with its own services and its own connection pool, settle one backlog of 1,000 due orders at the same time. On
 * PGlite (one connection by nature) both instances share the one database and interleave by transaction.
 */

const ORDERS = 1_000;
const USERS = 20;
const LANES = 5;
const FUNDING = 100_000n * 100n;
const RATE_30S = 75n;

const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;
const toCents = (value: string): bigint => {
  if (value.startsWith("-")) return -toCents(value.slice(1));
  const [whole, digits = ""] = value.split(".");
  const frac = digits.replace(/0+$/, "");
  if (frac.length > 2) throw new Error(`${value} has more than 2 decimals`);
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0"));
};

interface Instances {
  databases: [Database, Database];
  close(): Promise<void>;
}

/** Two pools on one fresh PostgreSQL database, or one PGlite shared by both instances. */
async function openInstances(): Promise<Instances> {
  if (testDbKind() === "pglite") {
    const database = await openTestDatabase("pglite");
    return { databases: [database, database], close: () => database.close() };
  }
  const name = `cryptos_multi_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${String(error)})`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const a = checkedOnClose(await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }), name);
  const b = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    databases: [a, b],
    close: () => closeThenDrop(name, b, a),
  };
}

/** PostgreSQL's deadlock_detected or serialization_failure, possibly wrapped by the driver layer. */
function isLockConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "40P01" || code === "40001") return true;
  }
  return false;
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("up/down settlement by two instances at once", () => {
  let instances: Instances | undefined;
  afterAll(async () => {
    await instances?.close();
  });

  it("settles each of 1,000 due orders once, with the right totals", { timeout: 600_000 }, async () => {
    instances = await openInstances();
    const [dbA, dbB] = instances.databases;
    await seedDatabase(dbA);
    const t0 = Date.now() - 10 * 60_000;
    const clockA = new ManualClock(t0);
    const clockB = new ManualClock(t0);
    const a: Services = createServices(dbA, clockA);
    const b: Services = createServices(dbB, clockB);
    const pairs = await a.market.listPairs(1);

    const users: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const id = await insertUser(dbA);
      await fundUser(a.ledger, id, cents(FUNDING));
      users.push(id);
    }

    // Pair i moves up, down or not at all over the 30 s window, so the backlog holds wins, losses and ties.
    const entry = new Map<number, bigint>();
    const exit = new Map<number, bigint>();
    pairs.forEach((p, i) => {
      const e = 1_000_000n + BigInt(i) * 1_000n;
      entry.set(p.id, e);
      exit.set(p.id, e + [-37n, 0n, 41n][i % 3]!);
    });
    await a.market.recordQuotes(
      pairs.map((p) => ({ pairId: p.id, price: cents(entry.get(p.id)! - 5n) })),
      new Date(t0 - 100),
    );
    const plan = Array.from({ length: ORDERS }, (_, i) => ({
      userId: users[i % USERS]!,
      pairId: pairs[(i * 7) % pairs.length]!.id,
      direction: i % 2 === 0 ? ("up" as const) : ("down" as const),
      amountCents: 1_000n + BigInt((i * 7919) % 90_000),
    }));
    const placed: { id: number; o: (typeof plan)[number] }[] = [];
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let i = lane; i < plan.length; i += LANES) {
          const o = plan[i]!;
          const order = await a.updown.place(o.userId, {
            productid: o.pairId,
            direction: o.direction,
            amount: cents(o.amountCents),
            seconds: 30,
          });
          placed.push({ id: order.id, o });
        }
      }),
    );
    await a.market.recordQuotes(
      pairs.map((p) => ({ pairId: p.id, price: cents(entry.get(p.id)!) })),
      new Date(t0 + 200),
    );
    await a.market.recordQuotes(
      pairs.map((p) => ({ pairId: p.id, price: cents(exit.get(p.id)!) })),
      new Date(t0 + 29_000),
    );

    // Both instances, now well past the settle time, drain the backlog concurrently in small batches, so their
    // transactions interleave and each skips the rows the other holds.
    clockA.set(t0 + 60_000);
    clockB.set(t0 + 60_000);
    // Each instance runs the settlement pass as the worker loop does: a pass that fails is logged and the next
    // pass goes on.
    const failures: unknown[] = [];
    const drain = async (s: Services) => {
      let settled = 0;
      const loop = new WorkerLoop({
        name: "updown-settlement",
        intervalMs: 0,
        log: { info: () => {}, warn: () => {}, error: (obj) => failures.push((obj as { err?: unknown }).err) },
        pass: async () => {
          settled += await s.updown.settleDue(25);
        },
      });
      while ((await s.updown.unsettledCount()) > 0) await loop.runOnce();
      return settled;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    // The ledger takes system accounts before users', so the two instances queue rather than deadlock.
    expect(failures.filter((e) => !isLockConflict(e)).map(String)).toEqual([]);
    expect(failures.length, "settlement passes aborted by deadlocks").toBe(0);
    expect(byA + byB).toBe(ORDERS);

    // Each order settled once with the rule's result; one settle entry per order that pays anything.
    const orders = await rowsOf<{ id: string; result: string | null; payout: string | null }>(
      dbA,
      sql`select id, result, payout::text as payout from updown_orders`,
    );
    expect(orders).toHaveLength(ORDERS);
    const expected = new Map<number, { userId: number; amountCents: bigint; payoutCents: bigint; result: string }>();
    for (const { id, o } of placed) {
      const e = entry.get(o.pairId)!;
      const x = exit.get(o.pairId)!;
      const result = x === e ? "tie" : (o.direction === "up") === x > e ? "win" : "lose";
      const payoutCents =
        result === "win" ? (o.amountCents * (100n + RATE_30S)) / 100n : result === "tie" ? o.amountCents : 0n;
      expected.set(id, { userId: o.userId, amountCents: o.amountCents, payoutCents, result });
    }
    const wrong = orders.filter((r) => {
      const e = expected.get(Number(r.id));
      return !e || r.result !== e.result || r.payout === null || toCents(r.payout) !== e.payoutCents;
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(new Set(orders.map((r) => r.result))).toEqual(new Set(["win", "lose", "tie"]));

    const settleEntries = await rowsOf<{ ref_id: string; n: string }>(
      dbA,
      sql`select ref_id, count(*) as n from journal_entries
           where ref_type = 'updown_order' and type in ('updown_payout', 'updown_refund') group by ref_id`,
    );
    const perOrder = new Map(settleEntries.map((r) => [Number(r.ref_id), Number(r.n)]));
    const badCounts = [...expected].filter(([id, e]) => (perOrder.get(id) ?? 0) !== (e.payoutCents > 0n ? 1 : 0));
    expect(badCounts.slice(0, 5)).toEqual([]);

    // Totals: every user's balance is funding - stakes + payouts; the house lost exactly what users won.
    const want = new Map<number, bigint>(users.map((u) => [u, FUNDING]));
    let house = 0n;
    for (const e of expected.values()) {
      want.set(e.userId, want.get(e.userId)! - e.amountCents + e.payoutCents);
      house += e.amountCents - e.payoutCents;
    }
    for (const [userId, cents] of want) {
      expect(toCents(await b.ledger.balance({ userId, currency: "USDT", kind: "available" })), `user ${userId}`).toBe(
        cents,
      );
    }
    expect(toCents(await a.ledger.systemBalance("house", "USDT"))).toBe(house);
    expect(await a.ledger.health()).toMatchObject({ ok: true, unbalancedEntries: 0, mismatchedAccounts: 0 });
  });
});
