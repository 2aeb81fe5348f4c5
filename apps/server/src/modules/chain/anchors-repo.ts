import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { chainAnchors } from "../../db/schema/chain-anchors";

type Conn = Db | Tx;
export type ChainAnchorRow = typeof chainAnchors.$inferSelect;

/** Holds, until `tx` ends, the lock under which one network's next anchor is decided and stored. */
export const lockNetworkAnchors = (tx: Tx, network: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chain-anchors:${network}`}))`);

/** The newest anchor of a network that was not dropped (sent or done), if any. */
export const latestAnchor = async (conn: Conn, network: string) =>
  (
    await conn
      .select()
      .from(chainAnchors)
      .where(and(eq(chainAnchors.network, network), inArray(chainAnchors.state, ["sent", "done"])))
      .orderBy(desc(chainAnchors.id))
      .limit(1)
  )[0];

export const anchorsInState = (conn: Conn, network: string, state: string) =>
  conn
    .select()
    .from(chainAnchors)
    .where(and(eq(chainAnchors.network, network), eq(chainAnchors.state, state)))
    .orderBy(chainAnchors.id);

export async function insertAnchor(tx: Tx, row: typeof chainAnchors.$inferInsert) {
  const [created] = await tx.insert(chainAnchors).values(row).returning();
  if (!created) throw new Error("anchor was not stored");
  return created;
}

export const updateAnchor = (conn: Conn, id: number, change: Partial<typeof chainAnchors.$inferInsert>) =>
  conn.update(chainAnchors).set(change).where(eq(chainAnchors.id, id));

/** One page of the confirmed anchors, newest first, with how many there are. */
export async function pageOfDone(conn: Conn, offset: number, limit: number) {
  const done = eq(chainAnchors.state, "done");
  const [items, total] = await Promise.all([
    conn.select().from(chainAnchors).where(done).orderBy(desc(chainAnchors.id)).limit(limit).offset(offset),
    conn.select({ n: count() }).from(chainAnchors).where(done),
  ]);
  return { items, total: Number(total[0]?.n ?? 0) };
}
