import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { users } from "./users";

const amount = decimalColumn;
const price = decimalColumn;

/** Up/down terms per pair, edited by operators: settlement times with their payout rates, and amount limits. */
export const updownSettings = pgTable("updown_settings", {
  pairId: integer("pair_id").primaryKey(),
  currency: text("currency").notNull(),
  minAmount: amount("min_amount").notNull(),
  maxAmount: amount("max_amount").notNull(),
  terms: jsonb("terms").$type<{ seconds: number; payout_rate: string }[]>().notNull(),
  enabled: boolean("enabled").notNull().default(true),
});

/**
 * An up/down order. Its terms are copied at acceptance. The entry tick is the first tick recorded after
 * acceptance, the exit tick the last at or before `settle_at`; both are referenced by id so the outcome can be
 * checked against the tick store. A settled order is never changed again.
 */
export const updownOrders = pgTable(
  "updown_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    pairId: integer("pair_id").notNull(),
    symbol: text("symbol").notNull(),
    direction: text("direction").notNull(),
    amount: amount("amount").notNull(),
    currency: text("currency").notNull(),
    seconds: integer("seconds").notNull(),
    payoutRate: numeric("payout_rate", { precision: 12, scale: 8 }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, precision: 6 }).notNull(),
    settleAt: timestamp("settle_at", { withTimezone: true, precision: 6 }).notNull(),
    entryTickId: bigint("entry_tick_id", { mode: "number" }),
    entryPrice: price("entry_price"),
    entryAt: timestamp("entry_at", { withTimezone: true, precision: 6 }),
    exitTickId: bigint("exit_tick_id", { mode: "number" }),
    exitPrice: price("exit_price"),
    exitAt: timestamp("exit_at", { withTimezone: true, precision: 6 }),
    result: text("result"),
    payout: amount("payout"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** The pair's head when the order was accepted: the entry is the first tick after it (null before receipts). */
    afterTickId: bigint("after_tick_id", { mode: "number" }),
    /** The signed receipt (JSON payload and its Ed25519 signature, base64), written with the order. */
    receiptPayload: text("receipt_payload"),
    receiptSignature: text("receipt_signature"),
    /** The signed settlement, written by the UPDATE that settles the order. */
    settlementPayload: text("settlement_payload"),
    settlementSignature: text("settlement_signature"),
  },
  (t) => [
    index("updown_orders_user").on(t.userId, t.id),
    index("updown_orders_due").on(t.settleAt).where(sql`${t.settledAt} is null`),
  ],
);

/**
 * Every public key that has signed receipts, kept for good (a trigger refuses UPDATE and DELETE): a receipt a user
 * kept years ago still names a published key. Private keys never enter the database (decision 145).
 */
export const receiptKeys = pgTable("receipt_keys", {
  keyId: text("key_id").primaryKey(),
  publicKey: text("public_key").notNull(),
  firstUsedAt: timestamp("first_used_at", { withTimezone: true }).notNull(),
});
