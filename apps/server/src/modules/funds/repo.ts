import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type KeysetPage, keysetWhere } from "../../db/keyset";
import {
  depositChannels,
  deposits,
  exchangeQuotes,
  exchanges,
  uploads,
  withdrawals,
  withdrawNetworks,
} from "../../db/schema/funds";

type Conn = Db | Tx;

// Uploads

export async function insertUpload(db: Conn, row: typeof uploads.$inferInsert) {
  const [created] = await db.insert(uploads).values(row).returning();
  if (!created) throw new Error("upload row was not created");
  return created;
}

export const findUpload = async (db: Conn, id: number) =>
  (await db.select().from(uploads).where(eq(uploads.id, id)).limit(1))[0];

export const findUploads = (db: Conn, ids: number[]) =>
  ids.length ? db.select().from(uploads).where(inArray(uploads.id, ids)) : Promise.resolve([]);

/**
 * Holds, until `tx` ends, the lock under which one user's uploads are counted and a slot reserved: two uploads at
 * once (on any connection or instance) count one after the other.
 */
export const lockUserUploads = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);

/** Fills in a reserved upload once its image is checked and written. */
export async function completeUpload(
  db: Conn,
  id: number,
  done: Pick<typeof uploads.$inferInsert, "file" | "mime" | "size" | "sha256">,
) {
  const [updated] = await db.update(uploads).set(done).where(eq(uploads.id, id)).returning();
  if (!updated) throw new Error(`upload ${id} vanished`);
  return updated;
}

export const deleteUpload = (db: Conn, id: number) => db.delete(uploads).where(eq(uploads.id, id));

export async function countUploadsSince(db: Conn, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, since)));
  return row?.n ?? 0;
}

// Deposit channels

export const listChannels = (db: Conn, onlyEnabled: boolean) =>
  db
    .select()
    .from(depositChannels)
    .where(onlyEnabled ? eq(depositChannels.enabled, true) : undefined)
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));

export const findChannel = async (db: Conn, id: number) =>
  (await db.select().from(depositChannels).where(eq(depositChannels.id, id)).limit(1))[0];

export const findChannelByNetwork = async (db: Conn, currency: string, network: string) =>
  (
    await db
      .select()
      .from(depositChannels)
      .where(and(eq(depositChannels.currency, currency), eq(depositChannels.network, network)))
      .limit(1)
  )[0];

export async function insertChannel(db: Conn, row: typeof depositChannels.$inferInsert) {
  const [created] = await db.insert(depositChannels).values(row).returning();
  if (!created) throw new Error("deposit channel was not created");
  return created;
}

export async function updateChannel(db: Conn, id: number, row: Partial<typeof depositChannels.$inferInsert>) {
  const [updated] = await db.update(depositChannels).set(row).where(eq(depositChannels.id, id)).returning();
  return updated;
}

export async function insertMissingChannels(db: Conn, rows: (typeof depositChannels.$inferInsert)[]) {
  if (rows.length) await db.insert(depositChannels).values(rows).onConflictDoNothing();
}

// Deposits

export async function insertDeposit(db: Conn, row: typeof deposits.$inferInsert) {
  const [created] = await db.insert(deposits).values(row).returning();
  if (!created) throw new Error("deposit was not created");
  return created;
}

export const lockDeposit = async (tx: Tx, id: number) =>
  (await tx.select().from(deposits).where(eq(deposits.id, id)).for("update"))[0];

export async function setDepositReview(
  tx: Tx,
  id: number,
  review: { status: string; reason: string | null; reviewedAt: Date; reviewedBy: number },
) {
  const [updated] = await tx.update(deposits).set(review).where(eq(deposits.id, id)).returning();
  if (!updated) throw new Error(`deposit ${id} vanished`);
  return updated;
}

/** Holds, until `tx` ends, the lock under which one user's pending deposits are counted and one added. */
export const lockUserDeposits = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposits:${userId}`}))`);

export async function countPendingDeposits(db: Conn, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "pending")));
  return row?.n ?? 0;
}

export interface ReviewFilter {
  userId?: number | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

/** Pending work is shown oldest first (a queue); everything else newest first. */
export async function listDeposits(db: Conn, f: ReviewFilter) {
  const where: SQL | undefined = and(
    f.userId !== undefined ? eq(deposits.userId, f.userId) : undefined,
    f.status ? eq(deposits.status, f.status) : undefined,
  );
  const items = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(f.status === "pending" ? asc(deposits.id) : desc(deposits.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  return { items, total: total?.n ?? 0 };
}

// Withdrawal networks

export const listWithdrawNetworks = (db: Conn, filter: { onlyEnabled: boolean; currency?: string | undefined }) =>
  db
    .select()
    .from(withdrawNetworks)
    .where(
      and(
        filter.onlyEnabled ? eq(withdrawNetworks.enabled, true) : undefined,
        filter.currency ? eq(withdrawNetworks.currency, filter.currency) : undefined,
      ),
    )
    .orderBy(asc(withdrawNetworks.sort), asc(withdrawNetworks.id));

export const findWithdrawNetwork = async (db: Conn, currency: string, network: string) =>
  (
    await db
      .select()
      .from(withdrawNetworks)
      .where(and(eq(withdrawNetworks.currency, currency), eq(withdrawNetworks.network, network)))
      .limit(1)
  )[0];

export async function upsertWithdrawNetwork(db: Conn, row: typeof withdrawNetworks.$inferInsert) {
  const { currency, network, ...rest } = row;
  const [saved] = await db
    .insert(withdrawNetworks)
    .values(row)
    .onConflictDoUpdate({ target: [withdrawNetworks.currency, withdrawNetworks.network], set: rest })
    .returning();
  if (!saved) throw new Error(`withdrawal network ${currency}/${network} was not saved`);
  return saved;
}

export async function insertMissingWithdrawNetworks(db: Conn, rows: (typeof withdrawNetworks.$inferInsert)[]) {
  if (rows.length) await db.insert(withdrawNetworks).values(rows).onConflictDoNothing();
}

// Withdrawals

export async function insertWithdrawal(db: Conn, row: typeof withdrawals.$inferInsert) {
  const [created] = await db.insert(withdrawals).values(row).returning();
  if (!created) throw new Error("withdrawal was not created");
  return created;
}

export const findWithdrawal = async (db: Conn, id: number) =>
  (await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1))[0];

export const lockWithdrawal = async (tx: Tx, id: number) =>
  (await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update"))[0];

export async function setWithdrawalReview(
  tx: Tx,
  id: number,
  review: { status: string; reason: string | null; reviewedAt: Date; reviewedBy: number },
) {
  const [updated] = await tx.update(withdrawals).set(review).where(eq(withdrawals.id, id)).returning();
  if (!updated) throw new Error(`withdrawal ${id} vanished`);
  return updated;
}

/** A withdrawal's status set by the chain (completed, failed) after its review; `completedAt` when paid. */
export async function setWithdrawalStatus(
  tx: Tx,
  id: number,
  status: string,
  reason: string | null,
  completedAt: Date | null,
) {
  const [updated] = await tx
    .update(withdrawals)
    .set({ status, reason, completedAt })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!updated) throw new Error(`withdrawal ${id} vanished`);
  return updated;
}

/** The payout of a withdrawal completed by hand: its transaction (when given) and when. */
export async function setWithdrawalPayout(tx: Tx, id: number, txHash: string | null, completedAt: Date) {
  await tx.update(withdrawals).set({ txHash, completedAt }).where(eq(withdrawals.id, id));
}

export async function listWithdrawals(db: Conn, f: ReviewFilter) {
  const where: SQL | undefined = and(
    f.userId !== undefined ? eq(withdrawals.userId, f.userId) : undefined,
    f.status ? eq(withdrawals.status, f.status) : undefined,
  );
  const items = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(f.status === "pending" ? asc(withdrawals.id) : desc(withdrawals.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { items, total: total?.n ?? 0 };
}

// Exchange

export const insertQuote = (db: Conn, row: typeof exchangeQuotes.$inferInsert) => db.insert(exchangeQuotes).values(row);

export const lockQuote = async (tx: Tx, id: string) =>
  (await tx.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, id)).for("update"))[0];

export const markQuoteUsed = (tx: Tx, id: string, at: Date) =>
  tx.update(exchangeQuotes).set({ usedAt: at }).where(eq(exchangeQuotes.id, id));

export async function insertExchange(db: Conn, row: typeof exchanges.$inferInsert) {
  const [created] = await db.insert(exchanges).values(row).returning();
  if (!created) throw new Error("exchange was not created");
  return created;
}

export async function listExchanges(db: Conn, userId: number, limit: number, offset: number) {
  const where = eq(exchanges.userId, userId);
  const items = await db.select().from(exchanges).where(where).orderBy(desc(exchanges.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(exchanges).where(where);
  return { items, total: total?.n ?? 0 };
}

// Keyset pages of one user's history (the statements export, through FundsStatements)

export const depositsBefore = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(deposits)
    .where(keysetWhere(deposits.userId, deposits.id, page))
    .orderBy(desc(deposits.id))
    .limit(page.limit);

export const withdrawalsBefore = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(withdrawals)
    .where(keysetWhere(withdrawals.userId, withdrawals.id, page))
    .orderBy(desc(withdrawals.id))
    .limit(page.limit);

export const exchangesBefore = (db: Db, page: KeysetPage) =>
  db
    .select()
    .from(exchanges)
    .where(keysetWhere(exchanges.userId, exchanges.id, page))
    .orderBy(desc(exchanges.id))
    .limit(page.limit);
