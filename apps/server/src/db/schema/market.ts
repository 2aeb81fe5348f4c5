import {
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";

/** Prices: NUMERIC(38, 18), read and written as strings. */
const price = decimalColumn;

/** A trading pair. Which pairs exist, their precision and their order are data an operator can change. */
export const pairs = pgTable("pairs", {
  id: serial("id").primaryKey(),
  /** "BTC/USDT": also the unified symbol a ccxt exchange is asked for, unless `source_symbol` says otherwise. */
  symbol: text("symbol").notNull().unique(),
  base: text("base").notNull(),
  quote: text("quote").notNull(),
  /** 1 = crypto; more types are data, not code. */
  productType: integer("product_type").notNull().default(1),
  priceDecimals: integer("price_decimals").notNull(),
  qtyDecimals: integer("qty_decimals").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  /** The symbol at the live price source when it differs from `symbol`. */
  sourceSymbol: text("source_symbol"),
  /** The simulated market's starting price and annualised volatility (e.g. 0.6 = 60 %) for this pair. */
  simPrice: price("sim_price").notNull(),
  simVolatility: numeric("sim_volatility", { precision: 8, scale: 4 }).notNull(),
});

/**
 * Recorded prices: the source of truth for up/down outcomes. Append-only: the only statement that removes rows is
 * the retention job (market repo `deleteTicksBefore`), which keeps every tick an order references; a trigger
 * refuses every UPDATE and any DELETE outside that job (migration `market_ticks_guard`).
 */
export const ticks = pgTable(
  "ticks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pairId: integer("pair_id")
      .notNull()
      .references(() => pairs.id),
    price: price("price").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The public tick log's chain (modules/market/tick-log.ts): set by the insert trigger of migration 0017. */
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [index("ticks_pair_at").on(t.pairId, t.at)],
);

/** One-minute candles, kept up to date tick by tick; larger intervals are rolled up from these when asked. */
export const candles1m = pgTable(
  "candles_1m",
  {
    pairId: integer("pair_id")
      .notNull()
      .references(() => pairs.id),
    /** Start of the minute. */
    t: timestamp("t", { withTimezone: true }).notNull(),
    o: price("o").notNull(),
    h: price("h").notNull(),
    l: price("l").notNull(),
    c: price("c").notNull(),
    v: price("v").notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.t] }), index("candles_1m_t").on(t.t)],
);

/**
 * Candles of the larger intervals (5m 15m 30m 1h 4h 1d 1w), kept up to date tick by tick like the one-minute
 * ones, so a chart of 500 candles is one index range read. Rolling them up from the minutes at query time took
 * 0.5–0.8 s for 4h, 1d and 1w over 90 days (PGlite and PostgreSQL): too slow for a chart.
 */
export const candles = pgTable(
  "candles",
  {
    pairId: integer("pair_id")
      .notNull()
      .references(() => pairs.id),
    /** "5m", "15m", "30m", "1h", "4h", "1d" or "1w". */
    interval: text("interval").notNull(),
    /** Start of the interval (UTC; weeks start on Monday). */
    t: timestamp("t", { withTimezone: true }).notNull(),
    o: price("o").notNull(),
    h: price("h").notNull(),
    l: price("l").notNull(),
    c: price("c").notNull(),
    v: price("v").notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.pairId, t.interval, t.t] })],
);
