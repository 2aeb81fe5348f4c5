import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { currencies } from "./ledger";
import { users } from "./users";

const amount = decimalColumn;

/** A staking ("arbitrage") product: a daily rate for a fixed number of days, within limits and a total quota. */
export const stakingProducts = pgTable("staking_products", {
  id: serial("id").primaryKey(),
  /** Per-locale names written by operators; "*" or en is the fallback. */
  name: jsonb("name").$type<Record<string, string>>().notNull(),
  currency: text("currency")
    .notNull()
    .references(() => currencies.code),
  dailyRate: numeric("daily_rate", { precision: 12, scale: 8 }).notNull(),
  days: integer("days").notNull(),
  minAmount: amount("min_amount").notNull(),
  maxAmount: amount("max_amount").notNull(),
  quota: amount("quota").notNull(),
  perUserLimit: amount("per_user_limit").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

/**
 * A subscription. Its terms are copied from the product at subscription, so later product edits never change a
 * running order. Interest is paid once per elapsed full day (days_paid counts them); at maturity the principal
 * returns and the order is settled.
 */
export const stakingOrders = pgTable(
  "staking_orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => stakingProducts.id),
    currency: text("currency").notNull(),
    principal: amount("principal").notNull(),
    dailyRate: numeric("daily_rate", { precision: 12, scale: 8 }).notNull(),
    days: integer("days").notNull(),
    daysPaid: integer("days_paid").notNull().default(0),
    earned: amount("earned").notNull().default("0"),
    status: text("status").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull(),
    maturesAt: timestamp("matures_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("staking_orders_user").on(t.userId, t.id),
    index("staking_orders_due").on(t.status, t.subscribedAt),
    check("staking_orders_days_paid", sql`${t.daysPaid} >= 0 and ${t.daysPaid} <= ${t.days}`),
  ],
);
