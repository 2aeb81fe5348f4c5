import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";

type Conn = Db | Tx;

async function rowsOf<T>(conn: Conn, query: SQL): Promise<T[]> {
  return ((await conn.execute(query)) as unknown as { rows: T[] }).rows;
}

const int = (v: unknown) => Number(v);

/** A tick as the public log prints it: price and time rendered by the same SQL functions the chain hashes. */
export interface LoggedTick {
  id: number;
  price: string;
  at: string;
  prevHash: string;
  hash: string;
}

const loggedTick = (r: Record<string, unknown>): LoggedTick => ({
  id: int(r.id),
  price: String(r.price),
  at: String(r.at),
  prevHash: String(r.prev_hash),
  hash: String(r.hash),
});

const tickColumns = sql`t.id, tick_price_text(t.price) as price, tick_at_text(t.at) as at, t.prev_hash, t.hash`;

const range = (pairId: number, from?: Date, to?: Date) =>
  sql`t.pair_id = ${pairId}${from ? sql` and t.at >= ${from.toISOString()}::timestamptz` : sql``}${
    to ? sql` and t.at <= ${to.toISOString()}::timestamptz` : sql``
  }`;

/** One page of a pair's ticks in chain order (ids rise along each pair's chain, migration 0017). */
export async function pageOfTicks(
  db: Conn,
  pairId: number,
  from: Date | undefined,
  to: Date | undefined,
  offset: number,
  limit: number,
) {
  const where = range(pairId, from, to);
  const [items, total] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select ${tickColumns} from ticks t where ${where} order by t.id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: unknown }>(db, sql`select count(*) as n from ticks t where ${where}`),
  ]);
  return { items: items.map(loggedTick), total: int(total[0]?.n ?? 0) };
}

/** Every pair's newest link, with its symbol. */
export async function chainHeads(db: Conn) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select h.pair_id, p.symbol, h.tick_id, h.hash, tick_at_text(h.at) as at
          from tick_heads h join pairs p on p.id = h.pair_id
         where h.tick_id > 0 order by p.sort, p.id`,
  );
  return rows.map((r) => ({
    pairId: int(r.pair_id),
    symbol: String(r.symbol),
    tickId: int(r.tick_id),
    hash: String(r.hash),
    at: String(r.at),
  }));
}

// ---- archives ----------------------------------------------------------------------------------------------------

/** Pairs and UTC days with ticks before `before` that have no archive yet, oldest first. */
export async function unarchivedDays(db: Conn, before: Date) {
  const rows = await rowsOf<{ pair_id: unknown; day: unknown }>(
    db,
    sql`select distinct t.pair_id, to_char((t.at at time zone 'UTC')::date, 'YYYY-MM-DD') as day from ticks t
         where t.at < ${before.toISOString()}::timestamptz
           and not exists (select 1 from tick_archives a
                            where a.pair_id = t.pair_id and a.day = (t.at at time zone 'UTC')::date)
         order by 2, 1`,
  );
  return rows.map((r) => ({ pairId: int(r.pair_id), day: String(r.day) }));
}

/** All ticks of one pair's UTC day, in chain order. */
export async function ticksOfDay(db: Conn, pairId: number, day: string) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${tickColumns} from ticks t
         where t.pair_id = ${pairId} and t.at >= ${day}::date::timestamp at time zone 'UTC'
           and t.at < (${day}::date + 1)::timestamp at time zone 'UTC'
         order by t.id`,
  );
  return rows.map(loggedTick);
}

/** The chain value of the pair's newest archive (64 zeros before the first), locking nothing: see insertArchive. */
export async function lastArchiveChain(db: Conn, pairId: number) {
  const rows = await rowsOf<{ chain: string; day: string }>(
    db,
    sql`select chain, to_char(day, 'YYYY-MM-DD') as day from tick_archives where pair_id = ${pairId}
         order by day desc limit 1`,
  );
  return rows[0];
}

export interface NewArchive {
  pairId: number;
  day: string;
  ticks: number;
  firstTickId: number | null;
  lastTickId: number | null;
  lastHash: string;
  sha256: string;
  prevChain: string;
  chain: string;
  gzip: Uint8Array;
}

/** Writes one archive unless another instance already did (the primary key decides); true when this one did. */
export async function insertArchive(tx: Tx, a: NewArchive) {
  const rows = await rowsOf<{ day: unknown }>(
    tx,
    sql`insert into tick_archives (pair_id, day, ticks, first_tick_id, last_tick_id, last_hash, sha256, prev_chain, chain, gzip)
        values (${a.pairId}, ${a.day}::date, ${a.ticks}, ${a.firstTickId}, ${a.lastTickId}, ${a.lastHash}, ${a.sha256},
          ${a.prevChain}, ${a.chain}, decode(${Buffer.from(a.gzip).toString("base64")}, 'base64'))
        on conflict do nothing returning day`,
  );
  return rows.length > 0;
}

/** Serialises archive writers of one pair across instances for the rest of the transaction. */
export async function lockPairArchives(tx: Tx, pairId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(2400, ${pairId})`);
}

export async function pageOfArchives(db: Conn, pairId: number, offset: number, limit: number) {
  const [items, total] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, ticks, first_tick_id, last_tick_id, last_hash, sha256, prev_chain,
            chain, octet_length(gzip) as bytes
            from tick_archives where pair_id = ${pairId} order by day limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: unknown }>(db, sql`select count(*) as n from tick_archives where pair_id = ${pairId}`),
  ]);
  return {
    items: items.map((r) => ({
      day: String(r.day),
      ticks: int(r.ticks),
      firstTickId: r.first_tick_id == null ? null : int(r.first_tick_id),
      lastTickId: r.last_tick_id == null ? null : int(r.last_tick_id),
      lastHash: String(r.last_hash),
      sha256: String(r.sha256),
      prevChain: String(r.prev_chain),
      chain: String(r.chain),
      bytes: int(r.bytes),
    })),
    total: int(total[0]?.n ?? 0),
  };
}

export async function archiveFile(db: Conn, pairId: number, day: string): Promise<Uint8Array | undefined> {
  const rows = await rowsOf<{ b64: string }>(
    db,
    sql`select encode(gzip, 'base64') as b64 from tick_archives where pair_id = ${pairId} and day = ${day}::date`,
  );
  return rows[0] ? Buffer.from(rows[0].b64.replace(/\s/g, ""), "base64") : undefined;
}
