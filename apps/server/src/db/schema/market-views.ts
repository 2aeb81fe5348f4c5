import { eq } from "drizzle-orm";
import { pgView } from "drizzle-orm/pg-core";
import { pairs } from "./market";

/*
 * What the market module lets other modules read of its tables without asking its service: views, so a join of
 * theirs stays one statement while the tables behind stay the market's to change.
 */

/** The pairs that trade now: their id and symbol (up/down's tradable terms join these). */
export const enabledPairs = pgView("enabled_pairs").as((qb) =>
  qb.select({ id: pairs.id, symbol: pairs.symbol }).from(pairs).where(eq(pairs.enabled, true)),
);
