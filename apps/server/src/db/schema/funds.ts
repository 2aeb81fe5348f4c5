import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { currencies } from "./ledger";
import { users } from "./users";

const amount = decimalColumn;
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An image a user uploaded (deposit proof, real-name document). The bytes live in `${DATA_DIR}/uploads/<file>`,
 * re-encoded without metadata; `file` is a random name, never the client's. `signKey` signs the short-lived URLs
 * that let an <img> tag (which cannot send a token header) show the image to its owner or an operator.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    file: text("file").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    signKey: text("sign_key").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [uniqueIndex("uploads_file_unique").on(t.file), index("uploads_user").on(t.userId)],
);

/** Where users send a deposit: one address per currency and network, set by operators. */
export const depositChannels = pgTable(
  "deposit_channels",
  {
    id: serial("id").primaryKey(),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    network: text("network").notNull(),
    address: text("address").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** A demo channel (burn address): users see it labelled "Demo" wherever its address shows. */
    demo: boolean("demo").notNull().default(false),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("deposit_channels_currency_network").on(t.currency, t.network)],
);

/** A deposit a user reported; pending until an operator completes (credits) or rejects it. */
export const deposits = pgTable(
  "deposits",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    channelId: integer("channel_id")
      .notNull()
      .references(() => depositChannels.id),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    /** The channel's address when the user submitted (channels may change later). */
    address: text("address").notNull(),
    /** Whether the channel was a demo one when the user submitted. */
    demo: boolean("demo").notNull().default(false),
    amount: amount("amount").notNull(),
    txid: text("txid"),
    /** Upload ids of the proof images, owned by the user. */
    imageIds: jsonb("image_ids").$type<number[]>().notNull(),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    createdAt: at("created_at").notNull(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: integer("reviewed_by"),
  },
  (t) => [index("deposits_user").on(t.userId, t.id), index("deposits_status").on(t.status, t.id)],
);

/** The fee and limits of withdrawing one currency on one network. */
export const withdrawNetworks = pgTable(
  "withdraw_networks",
  {
    id: serial("id").primaryKey(),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    network: text("network").notNull(),
    fee: amount("fee").notNull(),
    minAmount: amount("min_amount").notNull(),
    maxAmount: amount("max_amount").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("withdraw_networks_currency_network").on(t.currency, t.network)],
);

/** A withdrawal request: amount + fee frozen at request; completed (funds leave) or rejected (unfrozen). */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    amount: amount("amount").notNull(),
    fee: amount("fee").notNull(),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    createdAt: at("created_at").notNull(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: integer("reviewed_by"),
    /** The payout's transaction as the operator gave it on completing a withdrawal by hand (decision 121). */
    txHash: text("tx_hash"),
    /** When it was paid out: the operator's completion, or the chain's last confirmation. */
    completedAt: at("completed_at"),
  },
  (t) => [index("withdrawals_user").on(t.userId, t.id), index("withdrawals_status").on(t.status, t.id)],
);

/** A price promise for a short time; used at most once. */
export const exchangeQuotes = pgTable(
  "exchange_quotes",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    amount: amount("amount").notNull(),
    price: amount("price").notNull(),
    feeRate: amount("fee_rate").notNull(),
    fee: amount("fee").notNull(),
    receive: amount("receive").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("exchange_quotes_expires").on(t.expiresAt).where(sql`${t.usedAt} is null`)],
);

/** An executed exchange; one per quote. */
export const exchanges = pgTable(
  "exchanges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    quoteId: text("quote_id")
      .notNull()
      .references(() => exchangeQuotes.id),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    amount: amount("amount").notNull(),
    price: amount("price").notNull(),
    fee: amount("fee").notNull(),
    receive: amount("receive").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [uniqueIndex("exchanges_quote_unique").on(t.quoteId), index("exchanges_user").on(t.userId, t.id)],
);
