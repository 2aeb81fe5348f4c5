import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { incidents } from "../../db/schema/incidents";

type Conn = Db | Tx;
export type IncidentRow = typeof incidents.$inferSelect;

/**
 * Opens an incident of `kind` unless one is open: the partial unique index lets exactly one of any number of
 * concurrent callers (on any instance) insert. Answers the new row, or undefined when one was already open.
 */
export const openIncident = async (db: Conn, kind: string, detail: string, at: Date) =>
  (
    await db
      .insert(incidents)
      .values({ kind, detail, openedAt: at })
      .onConflictDoNothing({ target: incidents.kind, where: isNull(incidents.resolvedAt) })
      .returning()
  )[0];

/** Resolves the open incident of `kind`, if any: one caller gets the row back, the others nothing. */
export const resolveIncident = async (db: Conn, kind: string, at: Date) =>
  (
    await db
      .update(incidents)
      .set({ resolvedAt: at })
      .where(and(eq(incidents.kind, kind), isNull(incidents.resolvedAt)))
      .returning()
  )[0];

export const openIncidents = (db: Conn) =>
  db.select().from(incidents).where(isNull(incidents.resolvedAt)).orderBy(desc(incidents.openedAt));

export const recentIncidents = (db: Conn, limit: number) =>
  db.select().from(incidents).orderBy(desc(incidents.openedAt), desc(incidents.id)).limit(limit);
