// (c) Time to settle 10,000 up/down orders that fall due in the same second, on PostgreSQL and on the embedded
// PGlite (in memory), by one instance of the settlement worker's pass; beside a bare batched settle of as many
// rows (SKIP LOCKED batches of 500, one UPDATE per row, no ledger) on the same database.
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { systemClock } from "../../apps/server/src/lib/clock.ts";
import { createServices } from "../../apps/server/src/modules/services.ts";
import { seedDatabase } from "../../apps/server/src/seed.ts";
import { emit, freshDatabase, progress } from "../lib.mjs";

const ORDERS = Number(process.env.BENCH_SETTLE_ORDERS ?? 10_000);
/** Writes the due orders on `database`, settles them, and emits the figure for `engine`. */
async function measure(database, engine) {
  await seedDatabase(database);
  const s = createServices(database, systemClock);
  const pairs = await s.market.listPairs(1);

  // Setup (not timed): users, and the orders as placement leaves them, written in bulk so that the setup does not
  // dominate the run. Their stakes are not posted; settlement posts its payouts and refunds from the house as usual.
  progress(`settle (${engine}): writing ${ORDERS} due orders`);
  await database.db.execute(
    sql`insert into users (email) select 'bench-' || g || '@example.com' from generate_series(1, 200) g`,
  );
  const due = new Date(Math.floor(Date.now() / 1000) * 1000 - 10_000); // one second for all of them
  const accepted = new Date(due.getTime() - 30_000);
  await database.db.execute(sql`
  insert into updown_orders (user_id, pair_id, symbol, direction, amount, currency, seconds, payout_rate, accepted_at, settle_at)
  select (select min(id) from users) + (g % 200), p.id, p.symbol, case when g % 2 = 0 then 'up' else 'down' end,
         10 + (g % 90), 'USDT', 30, 0.75, ${accepted.toISOString()}::timestamptz,
         ${due.toISOString()}::timestamptz + make_interval(secs => (g % 1000) / 1000.0)
    from generate_series(1, ${ORDERS}) g
    join (select id, symbol, row_number() over (order by id) - 1 as k from pairs) p on p.k = g % ${pairs.length}`);
  await s.market.recordQuotes(
    pairs.map((p, i) => ({ pairId: p.id, price: String(100 + i) })),
    new Date(accepted.getTime() + 200),
  );
  await s.market.recordQuotes(
    pairs.map((p, i) => ({ pairId: p.id, price: String(100 + i + ((i % 3) - 1)) })),
    new Date(due.getTime() - 1000),
  );
  await new Promise((r) => setTimeout(r, 1_500)); // past the settlement grace second

  progress(`settle (${engine}): baseline`);
  await database.db.execute(
    sql`create table bench_settle (id bigserial primary key, amount numeric(38,18) not null, payout numeric(38,18), settled_at timestamptz)`,
  );
  await database.db.execute(sql`insert into bench_settle (amount) select 10 from generate_series(1, ${ORDERS})`);
  const baseStart = performance.now();
  for (;;) {
    const n = await database.db.transaction(async (tx) => {
      const rows = (
        await tx.execute(
          sql`select id from bench_settle where settled_at is null order by id limit 500 for update skip locked`,
        )
      ).rows;
      for (const r of rows) {
        await tx.execute(sql`update bench_settle set payout = amount * 1.75, settled_at = now() where id = ${r.id}`);
      }
      return rows.length;
    });
    if (n < 500) break;
  }
  const baseMs = performance.now() - baseStart;

  progress(`settle (${engine}): the settlement pass`);
  const start = performance.now();
  let settled = 0;
  while ((await s.updown.unsettledCount()) > 0) {
    settled += await s.updown.settleDue();
    progress(`settle (${engine}): ${settled} settled after ${Math.round(performance.now() - start)} ms`);
  }
  const ms = performance.now() - start;
  const health = await s.ledger.health();
  emit({
    name: `settlement: ${ORDERS} orders due in one second (${engine})`,
    value: Math.round(ms),
    unit: "ms",
    baseline: Math.round(baseMs),
    baselineName: "bare batched settle (500 per tx, 1 UPDATE per row, no ledger)",
    // The budget is for PostgreSQL; the embedded PGlite is printed beside it.
    ...(engine === "PostgreSQL" ? { target: 3000, check: "value" } : {}),
    higherIsBetter: false,
    note: `${settled} settled, ${Math.round((settled / ms) * 1000)} orders/s, ledger ${health.ok ? "balanced" : "NOT balanced"}`,
  });
  await database.close();
}

const fresh = await freshDatabase("settle");
await measure(await openDatabase({ databaseUrl: fresh.url, poolSize: 10 }), "PostgreSQL");
await fresh.drop();
await measure(await openDatabase({}), "PGlite");
