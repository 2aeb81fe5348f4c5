import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { candles, candles1m, pairs } from "../../db/schema/market";
import type { CandleColumns } from "./history";

type Conn = Db | Tx;

/** int8 columns arrive as string (node-postgres) or bigint (PGlite); ids stay far below 2^53. */
const int = (v: unknown) => Number(v);
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

// ---- candles (the one-minute rows, their roll-ups, and the 24 h figures read from them) -----------------------------------------------------------------------------------------------------

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
