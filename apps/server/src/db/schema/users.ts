import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A customer. Signs in by email (password or code) or by wallet; operators are a separate table. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased; null for wallet-only users. */
    email: text("email"),
    /** EIP-55 checksummed wallet address; null for email users. */
    address: text("address"),
    passwordHash: text("password_hash"),
    creditScore: integer("credit_score").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The language and IANA time zone of the user's latest money request (deposit, withdrawal), for the mails a
     * later event sends them (decision 119); null until then (English, UTC).
     */
    locale: text("locale"),
    timeZone: text("time_zone"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex("users_address_unique").on(sql`lower(${t.address})`).where(sql`${t.address} is not null`),
  ],
);
