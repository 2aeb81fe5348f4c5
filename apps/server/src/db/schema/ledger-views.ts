import { eq } from "drizzle-orm";
import { pgView } from "drizzle-orm/pg-core";
import { currencies } from "./ledger";

/*
 * What the ledger module lets other modules read of its tables without asking its service: views, so a join of
 * theirs stays one statement while the tables behind stay the ledger's to change.
 */

/** The currencies in use now: their code and decimals (up/down's tradable terms join these). */
export const enabledCurrencies = pgView("enabled_currencies").as((qb) =>
  qb
    .select({ code: currencies.code, decimals: currencies.decimals })
    .from(currencies)
    .where(eq(currencies.enabled, true)),
);
