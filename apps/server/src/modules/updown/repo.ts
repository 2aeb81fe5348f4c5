import { and, asc, count, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { currencies, pairs, updownOrders, updownSettings } from "../../db/schema";

type Conn = Db | Tx;
export type OrderRow = typeof updownOrders.$inferSelect;

/** Every tick an order's result rests on (entry and exit), as a subquery of tick ids. */
export const orderTickIds = () =>
  sql`select entry_tick_id from updown_orders where entry_tick_id is not null
      union all select exit_tick_id from updown_orders where exit_tick_id is not null`;

/**
 * The enabled terms whose pair and currency are enabled too, with the pair's symbol and the currency's decimals:
 * one statement for what Trade's first screen reads (one per setting, twice, was 20 ms of the server's thread).
 */
export const listTradableSettings = (db: Conn) =>
  db
    .select({ setting: updownSettings, symbol: pairs.symbol, decimals: currencies.decimals })
    .from(updownSettings)
    .innerJoin(pairs, and(eq(pairs.id, updownSettings.pairId), eq(pairs.enabled, true)))
    .innerJoin(currencies, and(eq(currencies.code, updownSettings.currency), eq(currencies.enabled, true)))
    .where(eq(updownSettings.enabled, true))
    .orderBy(asc(updownSettings.pairId));

export const findSetting = async (db: Conn, pairId: number) =>
  (await db.select().from(updownSettings).where(eq(updownSettings.pairId, pairId)).limit(1))[0];

export const listAllSettings = (db: Conn) => db.select().from(updownSettings).orderBy(asc(updownSettings.pairId));

/** The row as it stands, locked for the operator's change. */
export const lockSetting = async (tx: Tx, pairId: number) =>
  (await tx.select().from(updownSettings).where(eq(updownSettings.pairId, pairId)).for("update"))[0];

export const upsertSetting = async (tx: Tx, row: typeof updownSettings.$inferInsert) =>
  (
    await tx
      .insert(updownSettings)
      .values(row)
      .onConflictDoUpdate({
        target: updownSettings.pairId,
        set: { minAmount: row.minAmount, maxAmount: row.maxAmount, terms: row.terms, enabled: row.enabled },
      })
      .returning()
  )[0]!;

export const insertSettings = (db: Conn, rows: (typeof updownSettings.$inferInsert)[]) =>
  db.insert(updownSettings).values(rows).onConflictDoNothing();

export type NewOrder = typeof updownOrders.$inferInsert;

/**
 * Inserts new orders in one statement and answers their rows in the order given (ids ascend with it). The batch
 * travels as one JSON parameter and only the ids come back: building a many-row VALUES list and reading every
 * column back cost more than the rest of a placement (bench/RESULTS.md).
 */
export async function insertOrders(tx: Tx, rows: NewOrder[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((r, ord) => ({
      ord,
      user_id: r.userId,
      pair_id: r.pairId,
      symbol: r.symbol,
      direction: r.direction,
      amount: r.amount,
      currency: r.currency,
      seconds: r.seconds,
      payout_rate: r.payoutRate,
      accepted_at: r.acceptedAt.toISOString(),
      settle_at: r.settleAt.toISOString(),
    })),
  );
  const inserted = (await tx.execute(
    sql`insert into ${updownOrders}
          (user_id, pair_id, symbol, direction, amount, currency, seconds, payout_rate, accepted_at, settle_at)
        select user_id, pair_id, symbol, direction, amount, currency, seconds, payout_rate, accepted_at, settle_at
          from json_to_recordset(${input}::json)
            as x(ord int, user_id int, pair_id int, symbol text, direction text, amount numeric, currency text,
                 seconds int, payout_rate numeric, accepted_at timestamptz, settle_at timestamptz)
         order by ord
        returning id`,
  )) as unknown as { rows: { id: unknown }[] };
  // int8 arrives as a string (node-postgres) or a bigint (PGlite).
  const ids = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  if (ids.length !== rows.length) throw new Error(`inserted ${ids.length} of ${rows.length} up/down orders`);
  return rows.map((r, i) => ({
    id: ids[i] as number,
    userId: r.userId,
    pairId: r.pairId,
    symbol: r.symbol,
    direction: r.direction,
    amount: r.amount,
    currency: r.currency,
    seconds: r.seconds,
    payoutRate: r.payoutRate,
    acceptedAt: r.acceptedAt,
    settleAt: r.settleAt,
    entryTickId: null,
    entryPrice: null,
    entryAt: null,
    exitTickId: null,
    exitPrice: null,
    exitAt: null,
    result: null,
    payout: null,
    settledAt: null,
  }));
}

export const findUserOrder = async (db: Conn, userId: number, id: number) =>
  (
    await db
      .select()
      .from(updownOrders)
      .where(and(eq(updownOrders.id, id), eq(updownOrders.userId, userId)))
      .limit(1)
  )[0];

export type StatusFilter = "open" | "awaiting_settlement" | "settled" | undefined;

export async function userOrders(
  db: Conn,
  userId: number,
  filter: StatusFilter,
  now: Date,
  limit: number,
  offset: number,
) {
  const nowIso = now.toISOString();
  const where = and(
    eq(updownOrders.userId, userId),
    filter === "settled" ? isNotNull(updownOrders.settledAt) : undefined,
    filter === "open"
      ? and(isNull(updownOrders.settledAt), sql`${updownOrders.settleAt} > ${nowIso}::timestamptz`)
      : undefined,
    filter === "awaiting_settlement"
      ? and(isNull(updownOrders.settledAt), sql`${updownOrders.settleAt} <= ${nowIso}::timestamptz`)
      : undefined,
  );
  const items = await db
    .select()
    .from(updownOrders)
    .where(where)
    .orderBy(desc(updownOrders.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(updownOrders).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Due, unsettled orders, oldest first, skipping those another settlement worker holds. */
export const lockDueOrders = (tx: Tx, dueBefore: Date, limit: number) =>
  tx
    .select()
    .from(updownOrders)
    .where(and(isNull(updownOrders.settledAt), lte(updownOrders.settleAt, dueBefore)))
    .orderBy(asc(updownOrders.settleAt), asc(updownOrders.id))
    .limit(limit)
    .for("update", { skipLocked: true });

/** What settlement writes on one order. */
export interface SettledMark {
  id: number;
  entryTickId: number | null;
  entryPrice: string | null;
  entryAt: Date | null;
  exitTickId: number | null;
  exitPrice: string | null;
  exitAt: Date | null;
  result: string;
  payout: string;
}

/**
 * Marks many orders settled in one statement, each only while it is still unsettled (a settled row is final, and
 * the database trigger refuses any change to it). Answers how many rows it marked.
 */
export async function markSettledMany(tx: Tx, marks: SettledMark[], settledAt: Date): Promise<number> {
  if (marks.length === 0) return 0;
  const input = JSON.stringify(
    marks.map((m) => ({
      id: m.id,
      entry_tick_id: m.entryTickId,
      entry_price: m.entryPrice,
      entry_at: m.entryAt?.toISOString() ?? null,
      exit_tick_id: m.exitTickId,
      exit_price: m.exitPrice,
      exit_at: m.exitAt?.toISOString() ?? null,
      result: m.result,
      payout: m.payout,
    })),
  );
  const result = await tx.execute(
    sql`update ${updownOrders} o
           set entry_tick_id = x.entry_tick_id, entry_price = x.entry_price, entry_at = x.entry_at,
               exit_tick_id = x.exit_tick_id, exit_price = x.exit_price, exit_at = x.exit_at,
               result = x.result, payout = x.payout, settled_at = ${settledAt.toISOString()}::timestamptz
          from json_to_recordset(${input}::json)
            as x(id bigint, entry_tick_id bigint, entry_price numeric, entry_at timestamptz, exit_tick_id bigint,
                 exit_price numeric, exit_at timestamptz, result text, payout numeric)
         where o.id = x.id and o.settled_at is null
        returning o.id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export const countUnsettled = async (db: Conn) =>
  (await db.select({ n: count() }).from(updownOrders).where(isNull(updownOrders.settledAt)))[0]?.n ?? 0;
