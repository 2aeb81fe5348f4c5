import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { createServices, type Services } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import { acquireLease } from "../src/workers/lease";
import { PRICE_FEED_LEASE } from "../src/workers/price-feed";
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
 * docs/design/updown.md: settlement runs exactly once per order and survives a crash. A real server process (the build
 * npm start runs, crash-fixtures nodeArgsFor) is SIGKILLed while 2,000 orders are due and it has begun settling them, then
 * restarted; five times. Every order must end settled once, paid by the rule from the ticks this test recorded, and the
 * ledger must balance.
 */

/**
 * Orders placed before each kill: the 2,000 in the first cycle, then 1,000 (two settlement batches of 500,
 * so each kill still lands while a batch is in flight) to keep the file near 90 s on two cores.
 */
const CYCLE_ORDERS = (process.env.CRASH_ORDERS ?? "2000,1000,1000,1000,1000").split(",").map(Number);
const CYCLES = CYCLE_ORDERS.length;
const TOTAL_ORDERS = CYCLE_ORDERS.reduce((a, b) => a + b, 0);
const USERS = 40;
const FUNDING = "100000";
const LANES = 5;
const TERMS = [
  { seconds: 30, rate: 75n },
  { seconds: 60, rate: 80n },
  { seconds: 120, rate: 85n },
  { seconds: 300, rate: 90n },
] as const;

const skipReason = await whyCrashTestSkips();
const debugStart = Date.now();
/** Phase timings on stderr with CRASH_DEBUG=1, to see where the time of a slow run goes. */
const phase = (what: string) => {
  if (process.env.CRASH_DEBUG)
    process.stderr.write(`[crash ${((Date.now() - debugStart) / 1000).toFixed(1)}s] ${what}\n`);
};

interface Expected {
  userId: number;
  amountCents: bigint;
  result: "win" | "lose" | "tie";
  payoutCents: bigint;
}

describe("up/down settlement across crashes", () => {
  let db: Awaited<ReturnType<typeof createCrashDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.kill();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`settles every order exactly once when the server is SIGKILLed mid-settlement, ${CYCLES} times`, {
    timeout: 900_000,
  }, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
    const random = mulberry32(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    db = await createCrashDatabase(LANES);
    const { database, url } = db;
    await seedDatabase(database);
    const clock = new ManualClock(Date.now());
    const s: Services = createServices(database, clock);
    const pairs = await s.market.listPairs(1);
    expect(pairs.length).toBeGreaterThan(1);
    // The test holds the price feed's lease, so the servers record no ticks of their own: the tick store holds
    // exactly the paths below, and the expected results can be worked out here without reading it back.
    expect(await acquireLease(database.db, PRICE_FEED_LEASE, "updown-crash-test", 3_600_000)).toBe(true);

    const users = await fundedUsers(database, s.ledger, USERS, FUNDING);

    phase("users funded");
    dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-crash-"));
    server = new ServerProcess(crashServerEnv(url, dataDir));

    const poll = new pg.Client({ connectionString: url });
    await poll.connect();
    const settledSince = async (firstId: number) =>
      Number(
        (
          await poll.query<{ n: string }>(
            "select count(*) as n from updown_orders where id >= $1 and settled_at is not null",
            [firstId],
          )
        ).rows[0]!.n,
      );
    const expected = new Map<number, Expected>();
    const killedAt: number[] = [];
    const base = Date.now();
    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        // Each cycle's windows lie in the past, six minutes apart, so no cycle's ticks fall in another's window.
        const t0 = base - (CYCLES + 1 - cycle) * 6 * 60_000;
        const start = new Map<number, bigint>();
        for (const p of pairs) start.set(p.id, BigInt(100_000 + Math.floor(random() * 1_000_000)));
        const quote = (pairId: number, c: bigint) => ({ pairId, price: cents(c) });
        await s.market.recordQuotes(
          pairs.map((p) => quote(p.id, start.get(p.id)!)),
          new Date(t0 - 100),
        );

        // Orders, accepted at t0 (placed through the service, as placeUpDownOrder does).
        clock.set(t0);
        const plan = Array.from({ length: CYCLE_ORDERS[cycle]! }, (_, i) => ({
          userId: users[i % USERS]!,
          pairId: pairs[i % pairs.length]!.id,
          term: pick(TERMS),
          direction: pick(["up", "down"] as const),
          amountCents: BigInt(1_000 + Math.floor(random() * 49_000)),
        }));
        const placed: { id: number; plan: (typeof plan)[number] }[] = [];
        // Lanes own disjoint users (USERS is a multiple of LANES), so placements do not wait on each other's rows.
        await Promise.all(
          Array.from({ length: LANES }, async (_, lane) => {
            for (let i = lane; i < plan.length; i += LANES) {
              const o = plan[i]!;
              const order = await s.updown.place(o.userId, {
                productid: o.pairId,
                direction: o.direction,
                amount: cents(o.amountCents),
                seconds: o.term.seconds,
              });
              placed.push({ id: order.id, plan: o });
            }
          }),
        );

        // The tick path: entry 200 ms after acceptance, a wander, and one tick just before each settle time that
        // is above, below or equal to the entry.
        const entry = new Map<number, bigint>();
        const exits = new Map<string, bigint>();
        const entryTicks = pairs.map((p) => {
          const e = start.get(p.id)! + BigInt(Math.floor(random() * 2001) - 1000);
          entry.set(p.id, e);
          return quote(p.id, e);
        });
        await s.market.recordQuotes(entryTicks, new Date(t0 + 200));
        await s.market.recordQuotes(
          pairs.map((p) => quote(p.id, entry.get(p.id)! + BigInt(Math.floor(random() * 5001) - 2500))),
          new Date(t0 + 10_000),
        );
        for (const term of TERMS) {
          const quotes = pairs.map((p) => {
            const move = pick([-1n, 0n, 1n]) * BigInt(1 + Math.floor(random() * 500));
            const x = entry.get(p.id)! + move;
            exits.set(`${p.id}:${term.seconds}`, x);
            return quote(p.id, x);
          });
          await s.market.recordQuotes(quotes, new Date(t0 + term.seconds * 1000 - 1000));
        }

        for (const { id, plan: o } of placed) {
          const e = entry.get(o.pairId)!;
          const x = exits.get(`${o.pairId}:${o.term.seconds}`)!;
          const result = x === e ? "tie" : (o.direction === "up") === x > e ? "win" : "lose";
          const payoutCents =
            result === "win" ? (o.amountCents * (100n + o.term.rate)) / 100n : result === "tie" ? o.amountCents : 0n;
          expected.set(id, { userId: o.userId, amountCents: o.amountCents, result, payoutCents });
        }

        // Start the server, kill it as soon as a first settlement batch has committed, restart, let it finish.
        const firstId = Math.min(...placed.map((p) => p.id));
        phase(`cycle ${cycle}: placed and ticked`);
        server.start();
        await server.waitFor("the first settlements", async () => (await settledSince(firstId)) > 0, 300_000, 20);
        await server.kill("SIGKILL");
        killedAt.push(await settledSince(firstId));
        phase(`cycle ${cycle}: killed with ${killedAt.at(-1)} settled`);
        server.start();
        await server.waitFor(
          "every order to be settled",
          async () => (await settledSince(firstId)) === CYCLE_ORDERS[cycle],
          300_000,
          250,
        );
        phase(`cycle ${cycle}: all settled`);
        await server.kill("SIGKILL");
      }
    } catch (error) {
      await poll.end();
      throw error;
    }

    const context = `seed ${seed}; settled when killed: ${killedAt.join(", ")}`;
    // At least one kill landed before the backlog was done, or the test would prove nothing about crashes.
    expect(
      killedAt.some((n, cycle) => n < CYCLE_ORDERS[cycle]!),
      context,
    ).toBe(true);

    // Every order settled, with the result and payout the rule gives for the recorded ticks.
    const rows = (
      await poll.query<{ id: string; result: string; payout: string; settled_at: Date | null }>(
        "select id, result, payout::text as payout, settled_at from updown_orders",
      )
    ).rows;
    expect(rows.length, context).toBe(TOTAL_ORDERS);
    const wrong = rows.filter((r) => {
      const e = expected.get(Number(r.id));
      return !e || r.settled_at === null || r.result !== e.result || toCents(r.payout) !== e.payoutCents;
    });
    expect(wrong.slice(0, 5), context).toEqual([]);

    // Exactly one stake entry per order, and one settle entry when something is paid back, none otherwise; the
    // user's posting in it is the payout.
    const entries = (
      await poll.query<{ ref_id: string; type: string; n: string; to_user: string }>(
        `select e.ref_id, e.type, count(distinct e.id) as n, sum(p.amount) filter (where a.user_id is not null)::text as to_user
           from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
          where e.ref_type = 'updown_order'
          group by e.ref_id, e.type`,
      )
    ).rows;
    const settleEntries = new Map<number, { n: number; toUser: bigint; type: string }[]>();
    const stakes = new Map<number, number>();
    for (const r of entries) {
      const id = Number(r.ref_id);
      if (r.type === "updown_stake") stakes.set(id, (stakes.get(id) ?? 0) + Number(r.n));
      else {
        const list = settleEntries.get(id) ?? [];
        list.push({ n: Number(r.n), toUser: toCents(r.to_user), type: r.type });
        settleEntries.set(id, list);
      }
    }
    const badEntries: string[] = [];
    for (const [id, e] of expected) {
      if (stakes.get(id) !== 1) badEntries.push(`order ${id}: ${stakes.get(id) ?? 0} stake entries`);
      const settle = settleEntries.get(id) ?? [];
      const count = settle.reduce((n, x) => n + x.n, 0);
      if (count !== (e.payoutCents > 0n ? 1 : 0)) badEntries.push(`order ${id}: ${count} settle entries`);
      if (count === 1) {
        const x = settle[0]!;
        if (x.toUser !== e.payoutCents) badEntries.push(`order ${id}: paid ${cents(x.toUser)}`);
        if (x.type !== (e.result === "win" ? "updown_payout" : "updown_refund"))
          badEntries.push(`order ${id}: ${x.type}`);
      }
    }
    expect(badEntries.slice(0, 5), context).toEqual([]);

    // Balances: funding - stakes + payouts, to the cent, for every user; and the ledger's own invariants.
    const byUser = new Map<number, bigint>(users.map((u) => [u, toCents(FUNDING)]));
    for (const e of expected.values()) byUser.set(e.userId, byUser.get(e.userId)! - e.amountCents + e.payoutCents);
    for (const [userId, want] of byUser) {
      const have = await s.ledger.balance({ userId, currency: "USDT", kind: "available" });
      expect(toCents(have), `user ${userId}; ${context}`).toBe(want);
    }
    await expectLedgerHealthy(s.ledger);
    expect(await s.updown.unsettledCount()).toBe(0);
    await poll.end();
  });
});
