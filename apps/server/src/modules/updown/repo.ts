import { and, asc, count, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type KeysetPage, keysetWhere } from "../../db/keyset";
import { enabledCurrencies } from "../../db/schema/ledger-views";
import { enabledPairs } from "../../db/schema/market-views";
import { receiptKeys, updownOrders, updownSettings } from "../../db/schema/updown";

type Conn = Db | Tx;
export type OrderRow = typeof updownOrders.$inferSelect;
export type SettingRow = typeof updownSettings.$inferSelect;

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
    .select({ setting: updownSettings, symbol: enabledPairs.symbol, decimals: enabledCurrencies.decimals })
    .from(updownSettings)
    .innerJoin(enabledPairs, eq(enabledPairs.id, updownSettings.pairId))
    .innerJoin(enabledCurrencies, eq(enabledCurrencies.code, updownSettings.currency))
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
/** An order ready to insert: its id taken and its receipt signed. */
export type SignedOrder = NewOrder & {
  id: number;
  afterTickId: number;
  receiptPayload: string;
  receiptSignature: string;
};

/** `n` new order ids, ascending, taken before the insert so each order's receipt can name its id. */
export async function nextOrderIds(tx: Tx, n: number): Promise<number[]> {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('updown_orders', 'id')) as id from generate_series(1, ${n})`,
  )) as unknown as { rows: { id: unknown }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Inserts new orders in one statement and answers their rows in the order given (ids ascend with it). The batch
 * travels as one JSON parameter and only the ids come back: building a many-row VALUES list and reading every
 * column back cost more than the rest of a placement (bench/RESULTS.md).
 */
export async function insertOrders(tx: Tx, rows: SignedOrder[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((r, ord) => ({
      ord,
      id: r.id,
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
      after_tick_id: r.afterTickId,
      receipt_payload: r.receiptPayload,
      receipt_signature: r.receiptSignature,
    })),
  );
  const inserted = (await tx.execute(
    sql`insert into ${updownOrders}
          (id, user_id, pair_id, symbol, direction, amount, currency, seconds, payout_rate, accepted_at, settle_at,
           after_tick_id, receipt_payload, receipt_signature)
        select id, user_id, pair_id, symbol, direction, amount, currency, seconds, payout_rate, accepted_at, settle_at,
               after_tick_id, receipt_payload, receipt_signature
          from json_to_recordset(${input}::json)
            as x(ord int, id int8, user_id int, pair_id int, symbol text, direction text, amount numeric, currency text,
                 seconds int, payout_rate numeric, accepted_at timestamptz, settle_at timestamptz, after_tick_id int8,
                 receipt_payload text, receipt_signature text)
         order by ord
        returning id`,
  )) as unknown as { rows: { id: unknown }[] };
  if (inserted.rows.length !== rows.length) {
    throw new Error(`inserted ${inserted.rows.length} of ${rows.length} up/down orders`);
  }
  return rows.map((r) => ({
    id: r.id,
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
    afterTickId: r.afterTickId,
    receiptPayload: r.receiptPayload,
    receiptSignature: r.receiptSignature,
    settlementPayload: null,
    settlementSignature: null,
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
  /** The signed settlement; null for an order placed before receipts. */
  settlementPayload: string | null;
  settlementSignature: string | null;
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
      settlement_payload: m.settlementPayload,
      settlement_signature: m.settlementSignature,
    })),
  );
  const result = await tx.execute(
    sql`update ${updownOrders} o
           set entry_tick_id = x.entry_tick_id, entry_price = x.entry_price, entry_at = x.entry_at,
               exit_tick_id = x.exit_tick_id, exit_price = x.exit_price, exit_at = x.exit_at,
               result = x.result, payout = x.payout, settled_at = ${settledAt.toISOString()}::timestamptz,
               settlement_payload = x.settlement_payload, settlement_signature = x.settlement_signature
          from json_to_recordset(${input}::json)
            as x(id bigint, entry_tick_id bigint, entry_price numeric, entry_at timestamptz, exit_tick_id bigint,
                 exit_price numeric, exit_at timestamptz, result text, payout numeric, settlement_payload text,
                 settlement_signature text)
         where o.id = x.id and o.settled_at is null
        returning o.id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export const countUnsettled = async (db: Conn) =>
  (await db.select({ n: count() }).from(updownOrders).where(isNull(updownOrders.settledAt)))[0]?.n ?? 0;

/** Orders past their settle time and not settled: how many, and the oldest one's settle time (metrics, alerts). */
export async function overdueOrders(db: Conn, now: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<Date | null>`min(${updownOrders.settleAt})`.mapWith(updownOrders.settleAt) })
    .from(updownOrders)
    .where(and(isNull(updownOrders.settledAt), lte(updownOrders.settleAt, now)));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** A keyset page of one user's orders, newest first (the statements export). */
export const ordersBefore = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(updownOrders)
    .where(keysetWhere(updownOrders.userId, updownOrders.id, page))
    .orderBy(desc(updownOrders.id))
    .limit(page.limit);

// ---- receipt keys (decision 145) -----------------------------------------------------------------------------------

/** Publishes a receipt key the first time an instance signs with it; a key already published keeps its date. */
export const publishReceiptKey = (db: Conn, keyId: string, publicKey: string, at: Date) =>
  db.insert(receiptKeys).values({ keyId, publicKey, firstUsedAt: at }).onConflictDoNothing();

/** Every receipt key ever published, oldest first. */
export const listReceiptKeys = (db: Conn) =>
  db.select().from(receiptKeys).orderBy(asc(receiptKeys.firstUsedAt), asc(receiptKeys.keyId));

/** The stakes of orders not yet settled, per user and currency (held by the house until settlement). */
export const openStakes = (db: Conn) =>
  db
    .select({
      userId: updownOrders.userId,
      currency: updownOrders.currency,
      total: sql<string>`sum(${updownOrders.amount})::text`,
    })
    .from(updownOrders)
    .where(isNull(updownOrders.settledAt))
    .groupBy(updownOrders.userId, updownOrders.currency);
