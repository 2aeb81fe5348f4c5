import { bigint, customType, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { pairs } from "./market";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The newest link of each pair's tick chain. The insert trigger on `ticks` locks this row, so two instances that
 * record the same pair serialise here, and each tick's id, time and hash follow the one before it.
 */
export const tickHeads = pgTable("tick_heads", {
  pairId: integer("pair_id")
    .primaryKey()
    .references(() => pairs.id),
  tickId: bigint("tick_id", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

/**
 * One pair's ticks of one UTC day as gzip'd CSV, written before retention prunes them. `sha256` is the hash of the
 * gzip file; `chain` = sha256(prev_chain + "\n" + pair + "\n" + day + "\n" + sha256) links the days of a pair.
 */
export const tickArchives = pgTable(
  "tick_archives",
  {
    pairId: integer("pair_id")
      .notNull()
      .references(() => pairs.id),
    day: date("day").notNull(),
    ticks: integer("ticks").notNull(),
    firstTickId: bigint("first_tick_id", { mode: "number" }),
    lastTickId: bigint("last_tick_id", { mode: "number" }),
    /** The hash of the last tick of the day (the next day's first tick's prev_hash). */
    lastHash: text("last_hash").notNull(),
    sha256: text("sha256").notNull(),
    prevChain: text("prev_chain").notNull(),
    chain: text("chain").notNull(),
    gzip: bytea("gzip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.day] })],
);
