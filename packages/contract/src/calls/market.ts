import { z } from "zod";
import { MAX_SPARKLINE_PAIRS } from "../constants";
import { KLINE_INTERVALS, KLINE_TYPES } from "../enums";
import { decimal, id, intLike, timestamp } from "../envelope";
import { defineCall } from "./define";

export const pair = z.object({
  id: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  product_type: z.number().int(),
  price_decimals: z.number().int(),
  /** Decimal places of a quantity of the base currency. */
  qty_decimals: z.number().int(),
  /** Latest recorded price; null until the pair's first tick. */
  price: decimal.nullable(),
  /** Percent change against the price 24 h ago, e.g. "-1.25"; null without history. */
  change_24h: decimal.nullable(),
  /** True when the price comes from the built-in simulated market, not an exchange: the UI must say so. */
  simulated: z.boolean(),
});
export type Pair = z.infer<typeof pair>;

export const pairDetail = pair.extend({
  open_24h: decimal.nullable(),
  high_24h: decimal.nullable(),
  low_24h: decimal.nullable(),
  volume_24h: decimal.nullable(),
  updated_at: timestamp.nullable(),
});

/** One candle: `t` its start in Unix milliseconds; open, high, low, close and volume (base currency) as decimals. */
export const candle = z.object({ t: z.number().int(), o: decimal, h: decimal, l: decimal, c: decimal, v: decimal });
export type Candle = z.infer<typeof candle>;

export const tick = z.object({ id: z.number().int(), price: decimal, at: timestamp });

const productType = intLike(1, 99);

const ID_LIST = /^\d{1,10}(,\d{1,10})*$/;
const ids = (list: string) => list.split(",").map(Number);

/**
 * Pair ids in the query string as one comma-separated list ("1,2,3"): each a whole number from 1 to 2^31-1, none
 * twice, at most `max`. Every refusal is about the whole field, so the message names `productids`.
 */
const idList = (max: number) =>
  z
    .string()
    .trim()
    .regex(ID_LIST, { error: "invalid_id_list", abort: true })
    .refine((list) => ids(list).every((n) => n >= 1 && n <= 2_147_483_647), { error: "invalid_id_list", abort: true })
    .refine((list) => new Set(ids(list)).size === ids(list).length, { error: "duplicate_ids" })
    .transform(ids)
    .pipe(z.array(z.number().int()).max(max));

export const marketCalls = {
  listPairs: defineCall({
    method: "GET",
    path: "/api/index/productlist",
    auth: "none",
    summary: "Trading pairs of a product type with latest price and 24h change",
    query: z.object({ product_type: productType.default(1) }),
    data: z.object({
      items: z.array(pair),
      /** `simulated` or `ccxt:<exchange id>`: where this server's prices come from. */
      price_source: z.string(),
      /**
       * How many exchanges the installed price library (ccxt) supports: the true figure to show in place of the
       * spec's "200+ exchange APIs" line. Null while it is being counted (the first second after a start).
       */
      exchange_count: z.number().int().nullable(),
    }),
  }),
  getPair: defineCall({
    method: "GET",
    path: "/api/index/productshow",
    auth: "none",
    summary: "One pair: price and 24h open/high/low/volume/change",
    query: z.object({ product_id: id }),
    data: pairDetail,
  }),
  getCandles: defineCall({
    method: "GET",
    path: "/api/index/getkdata",
    auth: "none",
    summary:
      "Candles for a pair, the newest `limit` (at most 500), newest last; the last one is the current, still open interval. With `end` (Unix ms), the newest `limit` that start before it: a chart pages back through history that way. With type=line each point's o, h and l equal its close",
    query: z.object({
      type: z.enum(KLINE_TYPES).default("candle"),
      productid: id,
      intval: z.enum(KLINE_INTERVALS).default("1m"),
      /** How many of the newest intervals to answer: a 24-point sparkline need not fetch 500. */
      limit: intLike(1, 500).default(500),
      /** Only candles that start before this instant (Unix ms): the page before a chart's oldest candle. */
      end: intLike(0, 8_640_000_000_000).optional(),
    }),
    data: z.object({ interval: z.enum(KLINE_INTERVALS), type: z.enum(KLINE_TYPES), candles: z.array(candle) }),
  }),
  sparklines: defineCall({
    method: "GET",
    path: "/api/index/sparklines",
    auth: "none",
    summary:
      "Hourly line candles of several pairs in one call (a market list's sparklines): each line is what getkdata answers for that pair with intval=1h, type=line and the same `limit`. Ids of pairs that do not exist or are disabled are left out of `lines`; a pair without history has an empty list",
    query: z.object({
      /** Comma-separated pair ids, e.g. `1,2,3`: at most MAX_SPARKLINE_PAIRS, none twice. */
      productids: idList(MAX_SPARKLINE_PAIRS),
      /** How many of the newest hours per pair, as getCandles's `limit`. */
      limit: intLike(1, 500).default(24),
    }),
    data: z.object({
      interval: z.enum(KLINE_INTERVALS),
      /** In the order the ids were asked for. */
      lines: z.array(z.object({ productid: z.number().int(), candles: z.array(candle) })),
    }),
  }),
};
