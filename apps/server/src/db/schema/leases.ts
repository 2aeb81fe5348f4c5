import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Named leases for work that only one server instance may do at a time (the price feed). Taken and renewed with
 * one atomic statement that succeeds only when the lease has expired or is already ours (modules/leases/repo.ts).
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
