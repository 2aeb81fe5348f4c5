import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { users } from "./users";

/** Amounts: NUMERIC(38, 18), read and written as strings, computed with decimal.js. */
const amount = decimalColumn;

/** Currencies and their precision are data. `decimals` bounds what users may enter and what is posted. */
export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  decimals: integer("decimals").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

/**
 * A balance. User accounts: one per user, currency and kind (available, frozen, custody). System accounts: one
 * per system key (house, deposit_clearing, withdrawal_clearing, fees) and currency. A user account keeps its
 * balance here and can never go below zero (the check constraint is the last line of defence behind the row
 * locks). A system account keeps none (`balance` is null): it takes a posting from almost every movement, and a
 * stored balance would make all of them queue on its row; its balance is the sum of its postings, read when asked.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id),
    systemKey: text("system_key"),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    kind: text("kind").notNull(),
    balance: amount("balance"),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_unique").on(t.userId, t.currency, t.kind).where(sql`${t.userId} is not null`),
    uniqueIndex("ledger_accounts_system_unique").on(t.systemKey, t.currency).where(sql`${t.systemKey} is not null`),
    check("ledger_accounts_owner", sql`(${t.userId} is null) <> (${t.systemKey} is null)`),
    check("ledger_accounts_user_not_negative", sql`${t.userId} is null or ${t.balance} >= 0`),
    check("ledger_accounts_balance_kept", sql`(${t.userId} is null) = (${t.balance} is null)`),
  ],
);

/** One money movement: its postings sum to zero. The idempotency key makes a retried movement post once. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    memo: text("memo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("journal_entries_idempotency_unique").on(t.idempotencyKey),
    index("journal_entries_ref").on(t.refType, t.refId),
  ],
);

export const postings = pgTable(
  "postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: amount("amount").notNull(),
    /** The user account's balance after this posting; null on a system account's posting (see ledgerAccounts). */
    balanceAfter: amount("balance_after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("postings_account_id").on(t.accountId, t.id), index("postings_entry_id").on(t.entryId)],
);
