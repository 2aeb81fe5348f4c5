import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { currencies } from "./ledger";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's saved withdrawal address for one currency on one network, with their label. `usableFrom` is fixed
 * when the address is added: 24 h later, or at once when the user had two-step verification on then, so that
 * turning TOTP on afterwards does not release an address someone slipped in while it was off.
 */
export const withdrawAddresses = pgTable(
  "withdraw_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    network: text("network").notNull(),
    address: text("address").notNull(),
    label: text("label").notNull(),
    createdAt: at("created_at").notNull(),
    usableFrom: at("usable_from").notNull(),
  },
  (t) => [
    uniqueIndex("withdraw_addresses_unique").on(t.userId, t.currency, t.network, t.address),
    index("withdraw_addresses_user").on(t.userId, t.id),
  ],
);
