import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { chainWithdrawals, chainWithdrawalTxs, hotWalletNonces } from "../../db/schema/chain-withdrawals";

type Conn = Db | Tx;
export type ChainWithdrawalRow = typeof chainWithdrawals.$inferSelect;
export type ChainTxRow = typeof chainWithdrawalTxs.$inferSelect;

export async function insertChainWithdrawal(tx: Tx, row: typeof chainWithdrawals.$inferInsert) {
  const [created] = await tx.insert(chainWithdrawals).values(row).returning();
  if (!created) throw new Error(`chain withdrawal ${row.withdrawalId} was not created`);
  return created;
}

export const findChainWithdrawals = (db: Conn, ids: number[]) =>
  ids.length ? db.select().from(chainWithdrawals).where(inArray(chainWithdrawals.withdrawalId, ids)) : [];

export const findTxs = (db: Conn, ids: number[]) =>
  ids.length
    ? db
        .select()
        .from(chainWithdrawalTxs)
        .where(inArray(chainWithdrawalTxs.withdrawalId, ids))
        .orderBy(asc(chainWithdrawalTxs.id))
    : [];

export const lockChainWithdrawal = async (tx: Tx, id: number) =>
  (await tx.select().from(chainWithdrawals).where(eq(chainWithdrawals.withdrawalId, id)).for("update"))[0];

/** The queued withdrawal, locked until `tx` ends, unless another sender holds it or has sent it meanwhile. */
export const claimQueued = async (tx: Tx, network: string, id: number) =>
  (
    await tx
      .select()
      .from(chainWithdrawals)
      .where(
        and(
          eq(chainWithdrawals.withdrawalId, id),
          eq(chainWithdrawals.network, network),
          eq(chainWithdrawals.state, "queued"),
        ),
      )
      .for("update", { skipLocked: true })
  )[0];

/** The withdrawals of a network in one state, oldest first. */
export const listInState = (db: Conn, network: string, states: string[]) =>
  db
    .select()
    .from(chainWithdrawals)
    .where(and(eq(chainWithdrawals.network, network), inArray(chainWithdrawals.state, states)))
    .orderBy(asc(chainWithdrawals.withdrawalId));

export async function updateChainWithdrawal(
  conn: Conn,
  id: number,
  change: Partial<typeof chainWithdrawals.$inferInsert>,
) {
  const [updated] = await conn
    .update(chainWithdrawals)
    .set(change)
    .where(eq(chainWithdrawals.withdrawalId, id))
    .returning();
  if (!updated) throw new Error(`chain withdrawal ${id} vanished`);
  return updated;
}

/** Holds, until `tx` ends, the lock under which one currency's daily limit on one network is counted and used. */
export const lockDailyLimit = (tx: Tx, network: string, currency: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hot-wallet-limit:${network}:${currency}`}))`);

/** The withdrawals let through to be sent since `since` (the funds module knows which failed: nothing left for them). */
export async function releasedSince(db: Conn, network: string, currency: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: chainWithdrawals.withdrawalId })
    .from(chainWithdrawals)
    .where(
      and(
        eq(chainWithdrawals.network, network),
        eq(chainWithdrawals.currency, currency),
        gte(chainWithdrawals.releasedAt, since),
      ),
    );
  return rows.map((r) => r.id);
}

/** The withdrawals waiting to leave the hot wallet: held, queued, or sent and not yet mined. */
export async function waitingToSend(db: Conn, network: string, currency: string): Promise<number[]> {
  const rows = await db
    .select({ id: chainWithdrawals.withdrawalId })
    .from(chainWithdrawals)
    .where(
      and(
        eq(chainWithdrawals.network, network),
        eq(chainWithdrawals.currency, currency),
        inArray(chainWithdrawals.state, ["held", "queued", "sent"]),
        isNull(chainWithdrawals.minedBlock),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Takes the hot wallet's next nonce on the network under the row's lock, in the transaction that stores what is
 * signed with it: the larger of the stored next nonce and the chain's count (which moves on when the wallet is
 * used elsewhere), and moves the stored one past it.
 */
export async function takeNonce(tx: Tx, network: string, address: string, chainCount: number): Promise<number> {
  await tx.insert(hotWalletNonces).values({ network, address, nextNonce: chainCount }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(hotWalletNonces)
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)))
    .for("update");
  if (!row) throw new Error(`hot wallet nonce row of ${network} vanished`);
  const nonce = Math.max(row.nextNonce, chainCount);
  await tx
    .update(hotWalletNonces)
    .set({ nextNonce: nonce + 1 })
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)));
  return nonce;
}

export async function insertTx(tx: Tx, row: typeof chainWithdrawalTxs.$inferInsert) {
  const [created] = await tx.insert(chainWithdrawalTxs).values(row).returning();
  if (!created) throw new Error("signed transaction was not stored");
  return created;
}

export const markBroadcast = (db: Conn, hash: string, at: Date) =>
  db
    .update(chainWithdrawalTxs)
    .set({ broadcastAt: at })
    .where(and(eq(chainWithdrawalTxs.hash, hash), isNull(chainWithdrawalTxs.broadcastAt)));
