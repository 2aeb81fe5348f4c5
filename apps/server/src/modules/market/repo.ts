import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { candles, candles1m, pairs, ticks } from "../../db/schema/market";
import type { MinuteUpdate } from "./candles-repo";

type Conn = Db | Tx;
export type PairRow = typeof pairs.$inferSelect;

/** int8 columns arrive as string (node-postgres) or bigint (PGlite); ids stay far below 2^53. */
const int = (v: unknown) => Number(v);
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

// ---- pairs -------------------------------------------------------------------------------------------------------

export const countPairs = async (db: Conn) => (await db.select({ n: count() }).from(pairs))[0]?.n ?? 0;

export const insertPairs = (db: Conn, rows: (typeof pairs.$inferInsert)[]) =>
  db.insert(pairs).values(rows).onConflictDoNothing({ target: pairs.symbol });

export const listPairs = (db: Conn, productType?: number) =>
  db
    .select()
    .from(pairs)
    .where(and(eq(pairs.enabled, true), productType === undefined ? undefined : eq(pairs.productType, productType)))
    .orderBy(asc(pairs.sort), asc(pairs.id));

export const listAllPairs = (db: Conn) => db.select().from(pairs).orderBy(asc(pairs.sort), asc(pairs.id));

export const lockPair = async (tx: Tx, id: number) =>
  (await tx.select().from(pairs).where(eq(pairs.id, id)).for("update"))[0];

export const updatePair = async (tx: Tx, id: number, set: { enabled?: boolean; sort?: number }) =>
  (await tx.update(pairs).set(set).where(eq(pairs.id, id)).returning())[0]!;

export const findPair = async (db: Conn, id: number) =>
  (await db.select().from(pairs).where(eq(pairs.id, id)).limit(1))[0];

/** The enabled pairs among `ids` (unknown ids find nothing). */
export const findEnabledPairs = (db: Conn, ids: readonly number[]) =>
  db
    .select()
    .from(pairs)
    .where(and(inArray(pairs.id, [...ids]), eq(pairs.enabled, true)));

// ---- ticks -------------------------------------------------------------------------------------------------------

export interface TickRow {
  id: number;
  pairId: number;
  price: string;
  at: Date;
  /** The tick's link in the public tick log (set by the insert trigger); only the insert answers it. */
  hash?: string;
}

/**
 * The only write to `ticks`: records a batch of new ticks and folds them into their candles, in one statement (data-modifying WITHs): atomic
 * without a transaction's extra round trips, which the live price stream waits on. Answers the ticks in the order
 * given. The candle rows must be one per pair and bucket (an upsert may touch a row once per statement).
 */
export async function insertTicksWithCandles(
  conn: Conn,
  rows: { pairId: number; price: string; at: Date }[],
  minutes: Omit<MinuteUpdate, "interval">[],
  rollups: MinuteUpdate[],
): Promise<TickRow[]> {
  if (rows.length === 0) return [];
  const candle = (m: Omit<MinuteUpdate, "interval"> & { interval?: string }) => ({
    pair_id: m.pairId,
    interval: m.interval,
    t: m.t.toISOString(),
    o: m.o,
    h: m.h,
    l: m.l,
    c: m.c,
    v: m.v,
  });
  const tickInput = JSON.stringify(
    rows.map((r, ord) => ({ ord, pair_id: r.pairId, price: r.price, at: r.at.toISOString() })),
  );
  const answer = await rowsOf<{ id: unknown; pair_id: unknown; price: unknown; at: unknown; hash: string }>(
    conn,
    sql`with minute as (
          insert into ${candles1m} (pair_id, t, o, h, l, c, v)
          select pair_id, t, o, h, l, c, v
            from json_to_recordset(${JSON.stringify(minutes.map(candle))}::json)
              as x(pair_id int, t timestamptz, o numeric, h numeric, l numeric, c numeric, v numeric)
          on conflict (pair_id, t) do update set
            h = greatest(${candles1m}.h, excluded.h), l = least(${candles1m}.l, excluded.l),
            c = excluded.c, v = ${candles1m}.v + excluded.v),
        rollup as (
          insert into ${candles} (pair_id, interval, t, o, h, l, c, v)
          select pair_id, interval, t, o, h, l, c, v
            from json_to_recordset(${JSON.stringify(rollups.map(candle))}::json)
              as x(pair_id int, interval text, t timestamptz, o numeric, h numeric, l numeric, c numeric, v numeric)
          on conflict (pair_id, interval, t) do update set
            h = greatest(${candles}.h, excluded.h), l = least(${candles}.l, excluded.l),
            c = excluded.c, v = ${candles}.v + excluded.v)
        insert into ${ticks} (pair_id, price, at)
        select pair_id, price, at
          from json_to_recordset(${tickInput}::json) as x(ord int, pair_id int, price numeric, at timestamptz)
         order by ord
        returning id, pair_id, price, at, hash`,
  );
  return answer.map((r) => ({
    id: int(r.id),
    pairId: int(r.pair_id),
    price: String(r.price),
    at: date(r.at),
    hash: r.hash,
  }));
}

export async function latestTick(db: Conn, pairId: number): Promise<TickRow | undefined> {
  const rows = await db
    .select({ id: ticks.id, pairId: ticks.pairId, price: ticks.price, at: ticks.at })
    .from(ticks)
    .where(eq(ticks.pairId, pairId))
    .orderBy(sql`${ticks.at} desc, ${ticks.id} desc`)
    .limit(1);
  return rows[0];
}

export async function ticksBetween(db: Conn, pairId: number, fromId: number, toId: number, limit: number) {
  return db
    .select({ id: ticks.id, pairId: ticks.pairId, price: ticks.price, at: ticks.at })
    .from(ticks)
    .where(and(eq(ticks.pairId, pairId), sql`${ticks.id} between ${fromId} and ${toId}`))
    .orderBy(asc(ticks.at), asc(ticks.id))
    .limit(limit);
}

export interface TickWindow {
  id: number;
  pairId: number;
  /** Without `afterTickId` (orders placed before receipts), the entry is the first tick strictly after this instant… */
  after: Date;
  /** …with it, the first tick recorded after that one (the pair's head at acceptance, decision 146)… */
  afterTickId: number | null;
  /** …and at or before this one, which is also the last instant the exit may have. */
  until: Date;
}

/** An up/down order's window as its owner passes it. */
export interface OrderTicksWindow {
  id: number;
  pairId: number;
  acceptedAt: Date;
  afterTickId: number | null;
  settleAt: Date;
}

/**
 * For each window: its entry (the first tick after its head by id, or after its instant by time for orders without
 * a head) and its exit (the last tick by time at or before `until` among the same ticks), with their hashes. One
 * statement for the whole batch.
 */
export async function firstAndLastTicks(conn: Conn, windows: TickWindow[]) {
  const result = new Map<number, { entry?: TickRow; exit?: TickRow }>();
  if (windows.length === 0) return result;
  const values = sql.join(
    windows.map(
      (w) =>
        sql`(${w.id}::int8, ${w.pairId}::int4, ${w.after.toISOString()}::timestamptz, ${w.afterTickId}::int8, ${w.until.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const inside = sql`t.pair_id = w.pair_id and t.at <= w.until_at
    and (case when w.after_id is null then t.at > w.after_at else t.id > w.after_id end)`;
  const rows = await rowsOf<Record<string, unknown>>(
    conn,
    sql`select w.id as wid, w.pair_id as pair_id,
          e.id as entry_id, e.price as entry_price, e.at as entry_at, e.hash as entry_hash,
          x.id as exit_id, x.price as exit_price, x.at as exit_at, x.hash as exit_hash
        from (values ${values}) as w(id, pair_id, after_at, after_id, until_at)
        left join lateral (
          select t.id, t.price, t.at, t.hash from ticks t where ${inside}
          order by (case when w.after_id is null then t.at end) asc, t.id asc limit 1
        ) e on true
        left join lateral (
          select t.id, t.price, t.at, t.hash from ticks t where ${inside}
          order by t.at desc, t.id desc limit 1
        ) x on true`,
  );
  for (const r of rows) {
    const pairId = int(r.pair_id);
    const tick = (side: "entry" | "exit"): TickRow | undefined =>
      r[`${side}_id`] == null
        ? undefined
        : {
            id: int(r[`${side}_id`]),
            pairId,
            price: String(r[`${side}_price`]),
            at: date(r[`${side}_at`]),
            hash: String(r[`${side}_hash`]),
          };
    result.set(int(r.wid), { entry: tick("entry"), exit: tick("exit") });
  }
  return result;
}

/** Each pair's head of the tick log as `conn` sees it now (a pair without ticks: id 0 and 64 zeros). */
export async function headsOf(conn: Conn, pairIds: readonly number[]) {
  const heads = new Map<number, { id: number; hash: string }>();
  if (pairIds.length === 0) return heads;
  const rows = await rowsOf<Record<string, unknown>>(
    conn,
    sql`select pair_id, tick_id, hash from tick_heads where pair_id in (${sql.join(
      pairIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) heads.set(int(r.pair_id), { id: int(r.tick_id), hash: String(r.hash) });
  for (const id of pairIds) if (!heads.has(id)) heads.set(id, { id: 0, hash: "0".repeat(64) });
  return heads;
}

/** Only ticks whose pair's UTC day is archived may go (the ticks trigger refuses the others, migration 0017). */
const tickDayArchived = sql`exists (select 1 from tick_archives a
  where a.pair_id = t.pair_id and a.day = (t.at at time zone 'UTC')::date)`;

/**
 * The retention job's delete, the one path that removes ticks: rows older than `cutoff` except those `keep`
 * (a subquery of tick ids other modules reference) names. The table's trigger refuses any delete unless the
 * transaction has set `cryptos.tick_retention`.
 */
export async function deleteTicksBefore(tx: Tx, cutoff: Date, keep: SQL[], limit: number): Promise<number> {
  await tx.execute(sql`select set_config('cryptos.tick_retention', 'on', true)`);
  const kept = keep.map((q) => sql` and t.id not in (select k.id from (${q}) as k(id) where k.id is not null)`);
  const deleted = await rowsOf<{ n: unknown }>(
    tx,
    sql`with d as (
          delete from ticks where id in (
            select t.id from ticks t where t.at < ${cutoff.toISOString()}::timestamptz${sql.join(kept, sql``)}
              and ${tickDayArchived}
            order by t.id limit ${limit})
          returning 1)
        select count(*) as n from d`,
  );
  await tx.execute(sql`select set_config('cryptos.tick_retention', 'off', true)`);
  return int(deleted[0]?.n ?? 0);
}

/** Each enabled pair's newest tick time (null before its first), one index look-up per pair: for metrics and alerts. */
export const newestTickPerPair = (db: Conn) =>
  db
    .select({
      pairId: pairs.id,
      symbol: pairs.symbol,
      at: sql<Date | null>`(select max(t.at) from ${ticks} t where t.pair_id = "pairs"."id")`.mapWith(ticks.at),
    })
    .from(pairs)
    .where(eq(pairs.enabled, true))
    .orderBy(asc(pairs.sort), asc(pairs.id));
