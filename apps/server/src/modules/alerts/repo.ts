import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { priceAlerts } from "../../db/schema/alerts";

type Conn = Db | Tx;
export type PriceAlertRow = typeof priceAlerts.$inferSelect;

/** Serialises one user's additions, so that the cap on active alerts holds under concurrent requests. */
export const lockUserAlerts = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price_alerts:${userId}`}))`);

export async function countActive(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, "active")));
  return row?.n ?? 0;
}

export async function insertAlert(db: Conn, row: typeof priceAlerts.$inferInsert) {
  const [created] = await db.insert(priceAlerts).values(row).returning();
  if (!created) throw new Error("price alert was not created");
  return created;
}

export async function listForUser(
  db: Conn,
  userId: number,
  filter: { pairId?: number | undefined; status?: string | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(priceAlerts.userId, userId),
    filter.pairId !== undefined ? eq(priceAlerts.pairId, filter.pairId) : undefined,
    filter.status ? eq(priceAlerts.status, filter.status) : undefined,
  );
  const items = await db
    .select()
    .from(priceAlerts)
    .where(where)
    .orderBy(desc(priceAlerts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(priceAlerts).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Deletes the user's own alert; answers whether one was deleted (someone else's id deletes nothing). */
export async function deleteForUser(db: Conn, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return deleted.length > 0;
}

/** The highest and lowest price a batch of ticks recorded for one pair. */
export interface PairRange {
  pairId: number;
  high: string;
  low: string;
}

/**
 * Marks triggered, in one statement, every active alert the batch reached: `above` when the batch's high is at or
 * above the level, `below` when its low is at or below it. `status = 'active'` in the WHERE makes it happen once:
 * a second instance running the same batch waits for the first one's row locks and then finds nothing active.
 */
export async function triggerReached(tx: Tx, ranges: PairRange[], at: Date): Promise<PriceAlertRow[]> {
  if (ranges.length === 0) return [];
  const values = sql.join(
    ranges.map((r) => sql`(${r.pairId}::integer, ${r.high}::numeric, ${r.low}::numeric)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    update price_alerts a
       set status = 'triggered',
           triggered_at = ${at},
           triggered_price = case when a.direction = 'above' then v.high else v.low end
      from (values ${values}) as v(pair_id, high, low)
     where a.pair_id = v.pair_id
       and a.status = 'active'
       and ((a.direction = 'above' and v.high >= a.level) or (a.direction = 'below' and v.low <= a.level))
    returning a.*`)) as unknown as {
    rows: {
      id: number;
      user_id: number;
      pair_id: number;
      direction: string;
      level: string;
      price_at_creation: string;
      status: string;
      created_at: string | Date;
      triggered_at: string | Date;
      triggered_price: string;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    pairId: r.pair_id,
    direction: r.direction,
    level: String(r.level),
    priceAtCreation: String(r.price_at_creation),
    status: r.status,
    createdAt: new Date(r.created_at),
    triggeredAt: new Date(r.triggered_at),
    triggeredPrice: String(r.triggered_price),
  }));
}
