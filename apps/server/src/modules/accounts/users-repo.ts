import { and, count, desc, eq, gte, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema/users";

type Conn = Db | Tx;

export const findUser = async (db: Conn, userId: number) =>
  (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];

export const findUserId = async (db: Conn, userId: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1))[0];

/** Email or address containing `q`, or the id `q`. LIKE wildcards in `q` match themselves. */
function search(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byText = or(ilike(users.email, pattern), ilike(users.address, pattern));
  return /^\d{1,9}$/.test(q) ? or(eq(users.id, Number(q)), byText) : byText;
}

export async function listUsers(db: Conn, q: string | undefined, limit: number, offset: number) {
  const where = search(q);
  const items = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { items, total: total?.n ?? 0 };
}

export const countUsers = async (db: Conn, since?: Date) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(since ? gte(users.createdAt, since) : undefined))
  )[0]?.n ?? 0;

export const lockUser = async (tx: Tx, userId: number) =>
  (await tx.select().from(users).where(eq(users.id, userId)).for("update"))[0];

export const setCreditScore = async (tx: Tx, userId: number, score: number) =>
  (await tx.update(users).set({ creditScore: score }).where(eq(users.id, userId)).returning())[0]!;
