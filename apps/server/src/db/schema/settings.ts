import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Operator-editable switches and values that are data, not code (e.g. real-name required for withdrawals). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
