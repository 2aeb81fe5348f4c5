import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { reserveDeclared, reserveLeaves, reserveNodes, reserveSnapshots } from "../../db/schema/reserves";

type Conn = Db | Tx;

/** Rows per insert statement: thousands of users make tens of thousands of nodes. */
const BATCH = 1000;

/**
 * Makes `tx` one snapshot of the whole database: REPEATABLE READ and read only, the first statement of the
 * transaction (PostgreSQL and PGlite alike), so every later read sees the same moment.
 */
export async function beginSnapshot(tx: Tx): Promise<void> {
  await tx.execute(sql`set transaction isolation level repeatable read, read only`);
}

/** The next snapshot's id, taken before its tree is hashed (the id is in every leaf's hash). */
export async function nextSnapshotId(db: Conn): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('reserve_snapshots', 'id'))::text as id`,
  );
  return Number(row?.id);
}

export type SnapshotRow = typeof reserveSnapshots.$inferSelect;

export async function insertSnapshot(
  tx: Tx,
  snapshot: typeof reserveSnapshots.$inferInsert,
  nodes: (typeof reserveNodes.$inferInsert)[],
  leaves: (typeof reserveLeaves.$inferInsert)[],
): Promise<void> {
  await tx.insert(reserveSnapshots).values(snapshot);
  for (let i = 0; i < nodes.length; i += BATCH) await tx.insert(reserveNodes).values(nodes.slice(i, i + BATCH));
  for (let i = 0; i < leaves.length; i += BATCH) await tx.insert(reserveLeaves).values(leaves.slice(i, i + BATCH));
}

export const latestSnapshot = async (db: Conn) =>
  (await db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(1))[0];

export const findSnapshot = async (db: Conn, id: number) =>
  (await db.select().from(reserveSnapshots).where(eq(reserveSnapshots.id, id)).limit(1))[0];

export async function listSnapshots(db: Conn, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reserveSnapshots),
  ]);
  return { items, total: total?.n ?? 0 };
}

export const findLeaf = async (db: Conn, snapshotId: number, userId: number) =>
  (
    await db
      .select()
      .from(reserveLeaves)
      .where(and(eq(reserveLeaves.snapshotId, snapshotId), eq(reserveLeaves.userId, userId)))
      .limit(1)
  )[0];

/** The nodes of a snapshot at the given (level, position) places, in one statement. */
export async function nodesAt(db: Conn, snapshotId: number, places: { level: number; position: number }[]) {
  if (places.length === 0) return [];
  const wanted = sql.join(
    places.map((p) => sql`(${p.level}::int, ${p.position}::int)`),
    sql`, `,
  );
  return db
    .select()
    .from(reserveNodes)
    .where(
      and(
        eq(reserveNodes.snapshotId, snapshotId),
        sql`(${reserveNodes.level}, ${reserveNodes.position}) in (${wanted})`,
      ),
    );
}

export const listDeclared = (db: Conn) =>
  db
    .select()
    .from(reserveDeclared)
    .orderBy(asc(reserveDeclared.currency), asc(reserveDeclared.network), asc(reserveDeclared.id));

export const findDeclared = async (db: Conn, id: number) =>
  (await db.select().from(reserveDeclared).where(eq(reserveDeclared.id, id)).limit(1))[0];

/** One declared address per currency and network: a second declaration of it replaces the amount. */
export async function upsertDeclared(tx: Tx, row: typeof reserveDeclared.$inferInsert) {
  const [saved] = await tx
    .insert(reserveDeclared)
    .values(row)
    .onConflictDoUpdate({
      target: [reserveDeclared.currency, reserveDeclared.network, reserveDeclared.address],
      set: { amount: row.amount, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    })
    .returning();
  return saved;
}

export const deleteDeclared = async (tx: Tx, id: number) =>
  (await tx.delete(reserveDeclared).where(eq(reserveDeclared.id, id)).returning())[0];
