import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type KeysetPage, keysetWhere } from "../../db/keyset";
import { stakingOrders, stakingProducts } from "../../db/schema/staking";

type Conn = Db | Tx;

export const listProducts = (db: Conn) =>
  db
    .select()
    .from(stakingProducts)
    .where(eq(stakingProducts.enabled, true))
    .orderBy(asc(stakingProducts.sort), asc(stakingProducts.id));

export const findProduct = async (db: Conn, id: number) =>
  (await db.select().from(stakingProducts).where(eq(stakingProducts.id, id)).limit(1))[0];

/** Locks the product row: subscriptions to one product queue here, so quota and limits hold under concurrency. */
export const lockProduct = async (tx: Tx, id: number) =>
  (await tx.select().from(stakingProducts).where(eq(stakingProducts.id, id)).for("update"))[0];

export const listAllProducts = (db: Conn) =>
  db.select().from(stakingProducts).orderBy(asc(stakingProducts.sort), asc(stakingProducts.id));

export const insertProduct = async (tx: Tx, row: typeof stakingProducts.$inferInsert) =>
  (await tx.insert(stakingProducts).values(row).returning())[0]!;

export const updateProduct = async (tx: Tx, id: number, row: Partial<typeof stakingProducts.$inferInsert>) =>
  (await tx.update(stakingProducts).set(row).where(eq(stakingProducts.id, id)).returning())[0];

export const countProducts = async (db: Conn) => (await db.select({ n: count() }).from(stakingProducts))[0]?.n ?? 0;

export const insertProducts = (db: Conn, rows: (typeof stakingProducts.$inferInsert)[]) =>
  db.insert(stakingProducts).values(rows);

/** Principal currently in custody per product (all users, or one user). */
export async function custodyByProduct(db: Conn, userId?: number) {
  const rows = await db
    .select({ productId: stakingOrders.productId, total: sql<string>`sum(${stakingOrders.principal})` })
    .from(stakingOrders)
    .where(and(eq(stakingOrders.status, "in_custody"), userId ? eq(stakingOrders.userId, userId) : undefined))
    .groupBy(stakingOrders.productId);
  return new Map(rows.map((r) => [r.productId, r.total]));
}

export const insertOrder = async (tx: Tx, row: typeof stakingOrders.$inferInsert) =>
  (await tx.insert(stakingOrders).values(row).returning())[0]!;

/** Orders with at least one unpaid day that has fully elapsed, skipping those another worker holds. */
export const lockDueOrders = (tx: Tx, now: Date, limit: number) =>
  tx
    .select()
    .from(stakingOrders)
    .where(
      and(
        eq(stakingOrders.status, "in_custody"),
        sql`${stakingOrders.subscribedAt} + make_interval(days => ${stakingOrders.daysPaid} + 1) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(stakingOrders.id))
    .limit(limit)
    .for("update", { skipLocked: true });

export const updateOrder = (tx: Tx, id: number, set: Partial<typeof stakingOrders.$inferInsert>) =>
  tx.update(stakingOrders).set(set).where(eq(stakingOrders.id, id));

export async function userOrders(db: Conn, userId: number, status: string | undefined, limit: number, offset: number) {
  const where = and(eq(stakingOrders.userId, userId), status ? eq(stakingOrders.status, status) : undefined);
  const items = await db
    .select({ order: stakingOrders, name: stakingProducts.name })
    .from(stakingOrders)
    .innerJoin(stakingProducts, eq(stakingProducts.id, stakingOrders.productId))
    .where(where)
    .orderBy(desc(stakingOrders.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(stakingOrders).where(where);
  return { items, total: total?.n ?? 0 };
}

/** A user's interest earned and principal in custody, per currency. */
export async function userTotals(db: Conn, userId: number) {
  return db
    .select({
      currency: stakingOrders.currency,
      earned: sql<string>`coalesce(sum(${stakingOrders.earned}), 0)`,
      custody: sql<string>`coalesce(sum(case when ${stakingOrders.status} = 'in_custody' then ${stakingOrders.principal} else 0 end), 0)`,
    })
    .from(stakingOrders)
    .where(eq(stakingOrders.userId, userId))
    .groupBy(stakingOrders.currency);
}

/** A keyset page of one user's orders as `userOrders` selects them: the order and its product's name. */
export const userOrdersBefore = (db: Db, page: KeysetPage) =>
  db
    .select({ order: stakingOrders, name: stakingProducts.name })
    .from(stakingOrders)
    .innerJoin(stakingProducts, eq(stakingProducts.id, stakingOrders.productId))
    .where(keysetWhere(stakingOrders.userId, stakingOrders.id, page))
    .orderBy(desc(stakingOrders.id))
    .limit(page.limit);
