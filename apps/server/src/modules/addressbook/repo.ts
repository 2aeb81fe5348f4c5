import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { withdrawAddresses } from "../../db/schema/addressbook";

type Conn = Db | Tx;
export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

/** Serialises one user's additions, so that the cap holds under concurrent requests. */
export const lockUserBook = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw_addresses:${userId}`}))`);

export async function countForUser(db: Conn, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawAddresses).where(eq(withdrawAddresses.userId, userId));
  return row?.n ?? 0;
}

export const findSame = async (db: Conn, userId: number, currency: string, network: string, address: string) =>
  (
    await db
      .select()
      .from(withdrawAddresses)
      .where(
        and(
          eq(withdrawAddresses.userId, userId),
          eq(withdrawAddresses.currency, currency),
          eq(withdrawAddresses.network, network),
          eq(withdrawAddresses.address, address),
        ),
      )
      .limit(1)
  )[0];

export async function insertAddress(db: Conn, row: typeof withdrawAddresses.$inferInsert) {
  const [created] = await db.insert(withdrawAddresses).values(row).returning();
  if (!created) throw new Error("withdrawal address was not saved");
  return created;
}

export async function listForUser(
  db: Conn,
  userId: number,
  filter: { currency?: string | undefined; network?: string | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(withdrawAddresses.userId, userId),
    filter.currency ? eq(withdrawAddresses.currency, filter.currency) : undefined,
    filter.network ? eq(withdrawAddresses.network, filter.network) : undefined,
  );
  const items = await db
    .select()
    .from(withdrawAddresses)
    .where(where)
    .orderBy(desc(withdrawAddresses.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(withdrawAddresses).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Deletes the user's own address; answers whether one was deleted (someone else's id deletes nothing). */
export async function deleteForUser(db: Conn, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)))
    .returning({ id: withdrawAddresses.id });
  return deleted.length > 0;
}
