import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { candles, candles1m, pairs, ticks } from "../../db/schema";
import type { CandleColumns } from "./history";

type Conn = Db | Tx;
export type PairRow = typeof pairs.$inferSelect;

/** Raw SQL answers come back as `{rows}` on both PGlite and node-postgres. */
async function rowsOf<T>(conn: Conn, query: SQL): Promise<T[]> {
  return ((await conn.execute(query)) as unknown as { rows: T[] }).rows;
}

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
  /** The entry is the first tick strictly after this instant… */
  after: Date;
  /** …and at or before this one, which is also the last instant the exit may have. */
  until: Date;
}

/** For each window: its first and last tick inside (after, until]. One statement for the whole batch. */
export async function firstAndLastTicks(conn: Conn, windows: TickWindow[]) {
  const result = new Map<number, { entry?: TickRow; exit?: TickRow }>();
  if (windows.length === 0) return result;
  const values = sql.join(
    windows.map(
      (w) =>
        sql`(${w.id}::int8, ${w.pairId}::int4, ${w.after.toISOString()}::timestamptz, ${w.until.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    conn,
    sql`select w.id as wid, w.pair_id as pair_id,
          e.id as entry_id, e.price as entry_price, e.at as entry_at,
          x.id as exit_id, x.price as exit_price, x.at as exit_at
        from (values ${values}) as w(id, pair_id, after_at, until_at)
        left join lateral (
          select t.id, t.price, t.at from ticks t
          where t.pair_id = w.pair_id and t.at > w.after_at and t.at <= w.until_at
          order by t.at asc, t.id asc limit 1
        ) e on true
        left join lateral (
          select t.id, t.price, t.at from ticks t
          where t.pair_id = w.pair_id and t.at > w.after_at and t.at <= w.until_at
          order by t.at desc, t.id desc limit 1
        ) x on true`,
  );
  for (const r of rows) {
    const pairId = int(r.pair_id);
    result.set(int(r.wid), {
      entry:
        r.entry_id == null
          ? undefined
          : { id: int(r.entry_id), pairId, price: String(r.entry_price), at: date(r.entry_at) },
      exit:
        r.exit_id == null
          ? undefined
          : { id: int(r.exit_id), pairId, price: String(r.exit_price), at: date(r.exit_at) },
    });
  }
  return result;
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

// ---- candles -----------------------------------------------------------------------------------------------------

export interface MinuteUpdate {
  pairId: number;
  interval: string;
  /** Start of the minute. */
  t: Date;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** Bulk insert of generated history: columns travel as arrays, so one statement carries many thousand rows. */
export async function insertCandleColumns(conn: Conn, columns: CandleColumns) {
  const arr = (values: (string | number)[]) => `{${values.join(",")}}`;
  const minute: number[] = [];
  const larger: number[] = [];
  for (const [i, interval] of columns.interval.entries()) (interval === "1m" ? minute : larger).push(i);
  const pick = <T>(values: T[], rows: number[]) => rows.map((i) => values[i] as T);
  const cols = (rows: number[]) => ({
    pair: arr(pick(columns.pairId, rows)),
    t: arr(pick(columns.t, rows)),
    o: arr(pick(columns.o, rows)),
    h: arr(pick(columns.h, rows)),
    l: arr(pick(columns.l, rows)),
    c: arr(pick(columns.c, rows)),
    v: arr(pick(columns.v, rows)),
  });
  if (minute.length) {
    const m = cols(minute);
    await conn.execute(
      sql`insert into ${candles1m} (pair_id, t, o, h, l, c, v)
          select p, to_timestamp(t / 1000.0), o, h, l, c, v
          from unnest(${m.pair}::int4[], ${m.t}::float8[], ${m.o}::numeric[], ${m.h}::numeric[], ${m.l}::numeric[],
            ${m.c}::numeric[], ${m.v}::numeric[]) as u(p, t, o, h, l, c, v)
          on conflict do nothing`,
    );
  }
  if (larger.length) {
    const r = cols(larger);
    await conn.execute(
      sql`insert into ${candles} (pair_id, interval, t, o, h, l, c, v)
          select p, i, to_timestamp(t / 1000.0), o, h, l, c, v
          from unnest(${r.pair}::int4[], ${arr(pick(columns.interval, larger))}::text[], ${r.t}::float8[], ${r.o}::numeric[],
            ${r.h}::numeric[], ${r.l}::numeric[], ${r.c}::numeric[], ${r.v}::numeric[]) as u(p, i, t, o, h, l, c, v)
          on conflict do nothing`,
    );
  }
}

/** The earliest one-minute candle of a pair, if it has any. */
export async function firstCandleAt(db: Conn, pairId: number): Promise<Date | undefined> {
  const rows = await rowsOf<{ t: unknown }>(db, sql`select min(t) as t from ${candles1m} where pair_id = ${pairId}`);
  return rows[0]?.t == null ? undefined : date(rows[0].t);
}

/**
 * The latest close of each pair (the latest candle carries the latest tick's price): one step back along the primary
 * key per pair. `distinct on (pair_id)` over the whole table read every candle, 1.2-1.6 s on PGlite with 90 days of
 * minutes, three times at each start.
 */
export async function latestCloses(db: Conn) {
  const rows = await rowsOf<{ pair_id: unknown; c: string; t: unknown }>(
    db,
    sql`select p.id as pair_id, last.c, last.t from ${pairs} p cross join lateral (
          select c, t from ${candles1m} where pair_id = p.id order by t desc limit 1
        ) last`,
  );
  return new Map(rows.map((r) => [int(r.pair_id), { price: String(r.c), t: date(r.t) }]));
}

export interface WindowStats {
  pairId: number;
  open: string;
  high: string;
  low: string;
  volume: string;
  last: string;
}

/**
 * Open, high, low, volume and last of every pair over the minutes from `from`. Each pair's first and last minute is
 * one step along the primary key and its extremes one range of it: grouping the window's rows with
 * `array_agg(... order by t)` sorted them all, 94-309 ms on PGlite for one day of twelve pairs against 18-60 ms.
 */
export async function statsSince(db: Conn, from: Date, pairId?: number): Promise<WindowStats[]> {
  const since = sql`${from.toISOString()}::timestamptz`;
  const onePair = pairId === undefined ? sql`` : sql` where p.id = ${pairId}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id as pair_id, first.o, span.h, span.l, span.v, last.c from ${pairs} p
        cross join lateral (
          select o from ${candles1m} where pair_id = p.id and t >= ${since} order by t limit 1) first
        cross join lateral (
          select c from ${candles1m} where pair_id = p.id and t >= ${since} order by t desc limit 1) last
        cross join lateral (
          select max(h) as h, min(l) as l, sum(v) as v from ${candles1m} where pair_id = p.id and t >= ${since}) span
        ${onePair}`,
  );
  return rows.map((r) => ({
    pairId: int(r.pair_id),
    open: String(r.o),
    high: String(r.h),
    low: String(r.l),
    volume: String(r.v),
    last: String(r.c),
  }));
}

export interface CandleRow {
  /** Bucket start, Unix ms. */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** The latest `limit` candles of an interval from `from` on, newest first: one index range read. */
/** The newest `limit` candles of a pair and interval that start in [from, before), newest first. */
/**
 * A candle's prices and volume without NUMERIC(38, 18)'s trailing zeros ("97215.92", not "97215.920000000000000000"):
 * a third of the text for the database to write and the driver to parse, 500 rows at a time.
 */
const TRIMMED_OHLCV = sql.raw(
  "trim_scale(o) as o, trim_scale(h) as h, trim_scale(l) as l, trim_scale(c) as c, trim_scale(v) as v",
);

export async function readCandles(db: Conn, pairId: number, interval: string, from: Date, before: Date, limit: number) {
  const range = sql`t >= ${from.toISOString()}::timestamptz and t < ${before.toISOString()}::timestamptz`;
  const query =
    interval === "1m"
      ? sql`select (extract(epoch from t) * 1000)::float8 as b, ${TRIMMED_OHLCV} from ${candles1m}
            where pair_id = ${pairId} and ${range} order by t desc limit ${limit}`
      : sql`select (extract(epoch from t) * 1000)::float8 as b, ${TRIMMED_OHLCV} from ${candles}
            where pair_id = ${pairId} and interval = ${interval} and ${range}
            order by t desc limit ${limit}`;
  const rows = await rowsOf<Record<string, unknown>>(db, query);
  return rows.map(
    (r): CandleRow => ({
      t: Number(r.b),
      o: String(r.o),
      h: String(r.h),
      l: String(r.l),
      c: String(r.c),
      v: String(r.v),
    }),
  );
}

/**
 * The candles of several pairs and one interval that start in [from, before), in one query: by pair id, each pair's
 * oldest first. No per-pair limit: a pair has one candle per interval, so the range is what bounds the rows.
 */
export async function readCandlesOfPairs(
  db: Conn,
  pairIds: readonly number[],
  interval: string,
  from: Date,
  before: Date,
): Promise<Map<number, CandleRow[]>> {
  const byPair = new Map<number, CandleRow[]>();
  if (pairIds.length === 0) return byPair;
  const ids = sql.join(
    pairIds.map((id) => sql`${id}::int4`),
    sql`, `,
  );
  const where = sql`pair_id in (${ids}) and t >= ${from.toISOString()}::timestamptz and t < ${before.toISOString()}::timestamptz`;
  const query =
    interval === "1m"
      ? sql`select pair_id, (extract(epoch from t) * 1000)::float8 as b, ${TRIMMED_OHLCV} from ${candles1m}
            where ${where} order by pair_id, t`
      : sql`select pair_id, (extract(epoch from t) * 1000)::float8 as b, ${TRIMMED_OHLCV} from ${candles}
            where interval = ${interval} and ${where} order by pair_id, t`;
  for (const r of await rowsOf<Record<string, unknown>>(db, query)) {
    const pairId = int(r.pair_id);
    let list = byPair.get(pairId);
    if (!list) {
      list = [];
      byPair.set(pairId, list);
    }
    list.push({ t: Number(r.b), o: String(r.o), h: String(r.h), l: String(r.l), c: String(r.c), v: String(r.v) });
  }
  return byPair;
}
