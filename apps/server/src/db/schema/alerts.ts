import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { pairs } from "./market";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * "Tell me when this pair's price reaches `level`": `above` waits for a price at or above it, `below` at or below;
 * the price when the alert was set was on the other side. Active until the feed records a price that reaches the
 * level; then `triggered` (once: a conditional UPDATE in the transaction that writes the user's message).
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    pairId: integer("pair_id")
      .notNull()
      .references(() => pairs.id),
    direction: text("direction").notNull(),
    level: decimalColumn("level").notNull(),
    /** The latest price when the alert was set (on the other side of the level). */
    priceAtCreation: decimalColumn("price_at_creation").notNull(),
    status: text("status").notNull().default("active"),
    createdAt: at("created_at").notNull(),
    triggeredAt: at("triggered_at"),
    /** The recorded price that reached the level. */
    triggeredPrice: decimalColumn("triggered_price"),
  },
  (t) => [
    index("price_alerts_user").on(t.userId, t.id),
    index("price_alerts_active_pair").on(t.pairId).where(sql`${t.status} = 'active'`),
  ],
);
