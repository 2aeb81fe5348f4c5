import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { createServices, type Services } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import {
  cents,
  crashServerEnv,
  createCrashDatabase,
  expectLedgerHealthy,
  fundedUsers,
  mulberry32,
  ServerProcess,
  toCents,
  whyCrashTestSkips,
} from "./crash-fixtures";

/**
 * Issue #11 / docs/design/staking.md: staking interest is paid exactly once per order and day, and survives a crash.
 * Each round subscribes a few hundred orders dated 2 to 12 days back, starts a real server process (its staking worker
 * accrues at start), SIGKILLs it as soon as a first accrual batch has committed, restarts it and waits for every
 * elapsed day to be paid. Every order must end with one interest entry per elapsed day (to the cent), its principal
 * back once if it matured, and the ledger balanced.
 */

const ROUND_ORDERS = (process.env.STAKING_CRASH_ORDERS ?? "400,300,300").split(",").map(Number);
const ROUNDS = ROUND_ORDERS.length;
const USERS = 20;
const LANES = 4;
const FUNDING = "1000000";
const DAY_MS = 86_400_000;
/** The seeded USDT products, with principals whose daily interest is exact in cents. */
const PLANS = [
  { days: 7, principalStep: 100n, dailyCentsPerStep: 5n },
  { days: 30, principalStep: 500n, dailyCentsPerStep: 40n },
] as const;

const skipReason = await whyCrashTestSkips();

interface Expected {
  userId: number;
  principalCents: bigint;
  days: number;
  dailyCents: bigint;
  paidDays: number;
}

describe("staking accrual across crashes", () => {
  let db: Awaited<ReturnType<typeof createCrashDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.kill();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`pays each day's interest once per order when the server is SIGKILLed mid-accrual, ${ROUNDS} times`, {
    timeout: 600_000,
  }, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
    const random = mulberry32(seed);
    db = await createCrashDatabase(LANES);
    const { database, url } = db;
    await seedDatabase(database);
    const clock = new ManualClock(Date.now());
    const s: Services = createServices(database, clock);
    const products = (await s.staking.products("en")).filter((p) => p.currency === "USDT");
    const productOf = (days: number) => {
      const p = products.find((x) => x.days === days);
      if (!p) throw new Error(`no seeded USDT ${days}-day product`);
      return p.id;
    };

    const users = await fundedUsers(database, s.ledger, USERS, FUNDING);

    dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-staking-crash-"));
    server = new ServerProcess(crashServerEnv(url, dataDir));

    const poll = new pg.Client({ connectionString: url });
    await poll.connect();
    const sumOf = async (query: string, firstId: number) =>
      Number((await poll.query<{ n: string | null }>(query, [firstId])).rows[0]!.n ?? 0);
    const accruedOrders = (firstId: number) =>
      sumOf("select count(*) as n from staking_orders where id >= $1 and days_paid > 0", firstId);
    const paidDays = (firstId: number) =>
      sumOf("select sum(days_paid) as n from staking_orders where id >= $1", firstId);

    const expected = new Map<number, Expected>();
    const rounds: string[] = [];
    const killedShort: boolean[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const started = Date.now();
        const plan = Array.from({ length: ROUND_ORDERS[round]! }, (_, i) => {
          const p = PLANS[Math.floor(random() * PLANS.length)]!;
          const steps = BigInt(1 + Math.floor(random() * 4));
          const ageDays = 2 + Math.floor(random() * 11);
          return { userId: users[i % USERS]!, plan: p, steps, ageDays };
        });
        // Subscribed ageDays and an hour ago, so the elapsed days cannot change while the test runs.
        const now = Date.now();
        const placed: number[] = [];
        await Promise.all(
          Array.from({ length: LANES }, async (_, lane) => {
            for (let i = lane; i < plan.length; i += LANES) {
              const o = plan[i]!;
              const principalCents = o.plan.principalStep * o.steps * 100n;
              // The clock is shared by the lanes: each subscription reads it right after it is set.
              clock.set(now - o.ageDays * DAY_MS - 3_600_000);
              const order = await s.staking.subscribe(o.userId, productOf(o.plan.days), cents(principalCents), "en");
              const ageDays = Math.floor((now - new Date(order.created_at).getTime()) / DAY_MS);
              expected.set(order.id, {
                userId: o.userId,
                principalCents,
                days: o.plan.days,
                dailyCents: o.plan.dailyCentsPerStep * o.steps,
                paidDays: Math.min(o.plan.days, ageDays),
              });
              placed.push(order.id);
            }
          }),
        );
        const firstId = Math.min(...placed);
        const wantDays = placed.reduce((n, id) => n + expected.get(id)!.paidDays, 0);

        server.start();
        await server.waitFor("the first accrual batch", async () => (await accruedOrders(firstId)) > 0, 120_000, 20);
        await server.kill("SIGKILL");
        const atKill = await paidDays(firstId);
        killedShort.push(atKill < wantDays);
        server.start();
        await server.waitFor(
          "every elapsed day to be paid",
          async () => (await paidDays(firstId)) === wantDays,
          120_000,
          200,
        );
        await server.kill("SIGKILL");
        rounds.push(
          `round ${round + 1}: ${placed.length} orders, ${wantDays} interest days due; ${atKill} paid when killed; ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        console.log(`[staking-crash] ${rounds.at(-1)}`);
      }
    } catch (error) {
      await poll.end();
      throw error;
    }

    const context = `seed ${seed}; ${rounds.join("; ")}`;
    const totalDays = [...expected.values()].reduce((n, e) => n + e.paidDays, 0);
    // At least one kill landed before the backlog was done, or the test would prove nothing about crashes.
    expect(killedShort.some(Boolean), context).toBe(true);

    // Each order: days_paid and earned as expected, settled exactly when matured.
    const rows = (
      await poll.query<{ id: string; days_paid: number; earned: string; status: string }>(
        "select id, days_paid, earned::text as earned, status from staking_orders",
      )
    ).rows;
    expect(rows.length, context).toBe(expected.size);
    const wrongOrders = rows.filter((r) => {
      const e = expected.get(Number(r.id))!;
      return (
        r.days_paid !== e.paidDays ||
        toCents(r.earned) !== e.dailyCents * BigInt(e.paidDays) ||
        r.status !== (e.paidDays === e.days ? "settled" : "in_custody")
      );
    });
    expect(wrongOrders.slice(0, 5), context).toEqual([]);

    // Each order's entries: one per elapsed day (distinct keys), each paying the daily interest; one principal
    // return if matured.
    const entries = (
      await poll.query<{ ref_id: string; type: string; n: string; keys: string; to_user: string }>(
        `select e.ref_id, e.type, count(distinct e.id) as n, count(distinct e.idempotency_key) as keys,
                sum(p.amount) filter (where a.user_id is not null and a.kind = 'available')::text as to_user
           from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
          where e.ref_type = 'staking_order' and e.type in ('staking_interest', 'staking_principal')
          group by e.ref_id, e.type`,
      )
    ).rows;
    const found = new Map(entries.map((r) => [`${r.ref_id}:${r.type}`, r]));
    const badEntries: string[] = [];
    for (const [id, e] of expected) {
      const interest = found.get(`${id}:staking_interest`);
      if (Number(interest?.n ?? 0) !== e.paidDays || Number(interest?.keys ?? 0) !== e.paidDays)
        badEntries.push(`order ${id}: ${interest?.n ?? 0} interest entries, want ${e.paidDays}`);
      else if (toCents(interest!.to_user) !== e.dailyCents * BigInt(e.paidDays))
        badEntries.push(`order ${id}: interest ${interest!.to_user}`);
      const principal = found.get(`${id}:staking_principal`);
      if (Number(principal?.n ?? 0) !== (e.paidDays === e.days ? 1 : 0))
        badEntries.push(`order ${id}: ${principal?.n ?? 0} principal entries`);
    }
    expect(badEntries.slice(0, 5), context).toEqual([]);

    // Balances to the cent: funding - principals + interest + principals returned.
    const byUser = new Map<number, bigint>(users.map((u) => [u, toCents(FUNDING)]));
    for (const e of expected.values()) {
      const back = e.paidDays === e.days ? e.principalCents : 0n;
      byUser.set(e.userId, byUser.get(e.userId)! - e.principalCents + e.dailyCents * BigInt(e.paidDays) + back);
    }
    for (const [userId, want] of byUser) {
      const have = await s.ledger.balance({ userId, currency: "USDT", kind: "available" });
      expect(toCents(have), `user ${userId}; ${context}`).toBe(want);
    }
    await expectLedgerHealthy(s.ledger);
    expect(totalDays).toBeGreaterThan(0);
    await poll.end();
  });
});
