import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { chainBlocks, chainCursors, chainDeposits, depositAddresses } from "../../db/schema/chain";

type Conn = Db | Tx;

// Deposit addresses

export const findDepositAddress = async (db: Conn, userId: number, network: string) =>
  (
    await db
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)))
      .limit(1)
  )[0];

/** The next child index: one statement, never the same number twice, on any instance. */
export async function nextAddressIndex(db: Conn): Promise<number> {
  const result = (await db.execute(sql`select nextval('deposit_address_index') as index`)) as unknown as {
    rows: { index: string | number }[];
  };
  const index = result.rows[0]?.index;
  if (index === undefined) throw new Error("no deposit address index");
  return Number(index);
}

/** Answers the row, or undefined when the user already has an address on the network (a concurrent first ask). */
export const insertDepositAddress = async (db: Conn, row: typeof depositAddresses.$inferInsert) =>
  (
    await db
      .insert(depositAddresses)
      .values(row)
      .onConflictDoNothing({ target: [depositAddresses.userId, depositAddresses.network] })
      .returning()
  )[0];

/** Which of `addresses` (lower case) are users' deposit addresses on `network`. */
export const ownersOf = (db: Conn, network: string, addresses: string[]) =>
  addresses.length
    ? db
        .select({ userId: depositAddresses.userId, address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.network, network), inArray(depositAddresses.address, addresses)))
    : Promise.resolve([]);

// Cursors

export const findCursor = async (db: Conn, network: string) =>
  (await db.select().from(chainCursors).where(eq(chainCursors.network, network)).limit(1))[0];

export const listCursors = (db: Conn) => db.select().from(chainCursors);

export const insertCursor = (db: Conn, row: typeof chainCursors.$inferInsert) =>
  db.insert(chainCursors).values(row).onConflictDoNothing();

export const updateCursor = (db: Conn, network: string, patch: Partial<typeof chainCursors.$inferInsert>) =>
  db.update(chainCursors).set(patch).where(eq(chainCursors.network, network));

/** Serializes the recording of one network's transfers between instances until `tx` ends. */
export const lockNetwork = (tx: Tx, network: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chain:${network}`}))`);

// Blocks of the unconfirmed window

export const storedBlock = async (db: Conn, network: string, number: bigint) =>
  (
    await db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, network), eq(chainBlocks.number, number)))
      .limit(1)
  )[0];

export const storedBlocks = (db: Conn, network: string) =>
  db.select().from(chainBlocks).where(eq(chainBlocks.network, network)).orderBy(desc(chainBlocks.number));

export async function saveBlocks(db: Conn, rows: (typeof chainBlocks.$inferInsert)[]) {
  if (!rows.length) return;
  await db
    .insert(chainBlocks)
    .values(rows)
    .onConflictDoUpdate({
      target: [chainBlocks.network, chainBlocks.number],
      set: { hash: sql`excluded.hash`, parentHash: sql`excluded.parent_hash` },
    });
}

export const forgetBlocksAbove = (db: Conn, network: string, number: bigint) =>
  db.delete(chainBlocks).where(and(eq(chainBlocks.network, network), gt(chainBlocks.number, number)));

export const pruneBlocksBelow = (db: Conn, network: string, number: bigint) =>
  db.delete(chainBlocks).where(and(eq(chainBlocks.network, network), lt(chainBlocks.number, number)));

// Chain deposits

export const findChainDeposit = async (db: Conn, chainId: number, txHash: string, logIndex: number) =>
  (
    await db
      .select()
      .from(chainDeposits)
      .where(
        and(eq(chainDeposits.chainId, chainId), eq(chainDeposits.txHash, txHash), eq(chainDeposits.logIndex, logIndex)),
      )
      .limit(1)
  )[0];

export async function insertChainDeposit(db: Conn, row: typeof chainDeposits.$inferInsert) {
  const [created] = await db.insert(chainDeposits).values(row).returning();
  if (!created) throw new Error("chain deposit was not recorded");
  return created;
}

export async function updateChainDeposit(db: Conn, id: number, patch: Partial<typeof chainDeposits.$inferInsert>) {
  const [updated] = await db.update(chainDeposits).set(patch).where(eq(chainDeposits.id, id)).returning();
  if (!updated) throw new Error(`chain deposit ${id} vanished`);
  return updated;
}

export const lockChainDeposit = async (tx: Tx, id: number) =>
  (await tx.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for("update"))[0];

export const confirmingDeposits = (db: Conn, network: string) =>
  db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, "confirming")));

/** Deposits not yet credited in blocks after `block` (a reorg took those blocks away). */
export const openAbove = (db: Conn, network: string, block: bigint) =>
  db
    .select()
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, network),
        inArray(chainDeposits.status, ["confirming", "below_minimum"]),
        gt(chainDeposits.blockNumber, block),
      ),
    );

export const chainDepositsOf = (db: Conn, depositIds: number[]) =>
  depositIds.length
    ? db.select().from(chainDeposits).where(inArray(chainDeposits.depositId, depositIds))
    : Promise.resolve([]);

export const recentChainDeposits = (db: Conn, limit: number) =>
  db.select().from(chainDeposits).orderBy(desc(chainDeposits.id)).limit(limit);

/** Every allocated deposit address on `network`, by index (the sweep's list). */
export const addressesOn = (db: Conn, network: string) =>
  db.select().from(depositAddresses).where(eq(depositAddresses.network, network)).orderBy(depositAddresses.index);

/** Every allocated deposit address (the reconciliation's list). */
export const allDepositAddresses = (db: Conn) => db.select().from(depositAddresses);
