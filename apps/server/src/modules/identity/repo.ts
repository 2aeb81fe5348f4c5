import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { realNameSubmissions } from "../../db/schema/identity";

type Conn = Db | Tx;
export type SubmissionRow = typeof realNameSubmissions.$inferSelect;

/** The user's newest submission: their real-name state. */
export const latestSubmission = async (db: Conn, userId: number): Promise<SubmissionRow | undefined> =>
  (
    await db
      .select()
      .from(realNameSubmissions)
      .where(eq(realNameSubmissions.userId, userId))
      .orderBy(desc(realNameSubmissions.id))
      .limit(1)
  )[0];

/**
 * Inserts a pending submission unless the user already has an open one (pending or verified): the partial unique
 * index `real_name_submissions_one_open` decides, so of two simultaneous submissions exactly one is stored.
 * Answers `undefined` when the index refused it.
 */
export const insertSubmissionUnlessOpen = async (db: Conn, row: typeof realNameSubmissions.$inferInsert) =>
  (await db.insert(realNameSubmissions).values(row).onConflictDoNothing().returning())[0];

export const lockSubmission = async (tx: Tx, id: number) =>
  (await tx.select().from(realNameSubmissions).where(eq(realNameSubmissions.id, id)).for("update"))[0];

export async function setSubmissionReview(
  tx: Tx,
  id: number,
  review: { status: string; reason: string | null; reviewedAt: Date; reviewedBy: number },
) {
  const [updated] = await tx.update(realNameSubmissions).set(review).where(eq(realNameSubmissions.id, id)).returning();
  if (!updated) throw new Error(`real-name submission ${id} vanished`);
  return updated;
}

export interface SubmissionFilter {
  userId?: number | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

/** Pending work is shown oldest first (a queue); everything else newest first. */
export async function listSubmissions(db: Conn, f: SubmissionFilter) {
  const where: SQL | undefined = and(
    f.userId !== undefined ? eq(realNameSubmissions.userId, f.userId) : undefined,
    f.status ? eq(realNameSubmissions.status, f.status) : undefined,
  );
  const items = await db
    .select()
    .from(realNameSubmissions)
    .where(where)
    .orderBy(f.status === "pending" ? asc(realNameSubmissions.id) : desc(realNameSubmissions.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(realNameSubmissions).where(where);
  return { items, total: total?.n ?? 0 };
}
