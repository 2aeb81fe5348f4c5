import { sql } from "drizzle-orm";
import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Operator alerts (decision 114): one row per incident, opened when a check finds trouble (a stale price feed, late
 * settlement, a ledger that does not sum to zero, a failed backup, a nearly full disk) and resolved when it is gone.
 * At most one open incident per kind: the partial unique index makes the opening insert succeed on one instance
 * only, and that instance alone mails the operators; the same holds for the resolving update.
 */
export const incidents = pgTable(
  "incidents",
  {
    id: serial("id").primaryKey(),
    /** stale_feed, settlement_lag, ledger_imbalance, backup_failed, disk_low. */
    kind: text("kind").notNull(),
    /** What the check saw when it opened, in figures and names (pairs, ages, currencies, the backup's error). */
    detail: text("detail").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("incidents_one_open_per_kind").on(t.kind).where(sql`${t.resolvedAt} is null`),
    index("incidents_opened").on(t.openedAt),
  ],
);
