import { z } from "zod";
import { decimal, id, paged, pageQuery, timestamp } from "../envelope";
import { defineCall } from "./define";

/** 64 zeros: the `prev_hash` of a pair's first tick. */
export const TICK_CHAIN_START = "0".repeat(64);

/** Where a pair's archived day is downloaded (gzip'd CSV, not an envelope): `?productid=<id>&day=YYYY-MM-DD`. */
export const TICK_ARCHIVE_PATH = "/api/index/tickarchive";

/** An instant in ISO-8601 (`2026-11-26`, `2026-11-26T10:00:00Z`, with milliseconds or an offset). */
export const isoTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/,
    "an ISO-8601 time, e.g. 2026-11-26T10:00:00.000Z",
  )
  .transform((v) => new Date(/[T ]/.test(v) && !/(?:Z|[+-]\d{2}:?\d{2})$/.test(v) ? `${v}Z` : v))
  .refine((d) => !Number.isNaN(d.getTime()), "not a real date");

/**
 * One link of a pair's public tick chain:
 * hash = sha256_hex(prev_hash + "\n" + productid + "\n" + id + "\n" + price + "\n" + at).
 */
export const chainedTick = z.object({
  id: z.number().int(),
  /** The decimal as recorded, without trailing zeros. */
  price: decimal,
  /** ISO-8601 UTC with milliseconds. */
  at: timestamp,
  prev_hash: z.string(),
  hash: z.string(),
});
export type ChainedTick = z.infer<typeof chainedTick>;

/** The newest link of one pair's chain: what a client keeps as a witness. */
export const tickHead = z.object({
  productid: z.number().int(),
  symbol: z.string(),
  id: z.number().int(),
  hash: z.string(),
  at: timestamp,
});
export type TickHead = z.infer<typeof tickHead>;

/** One pair's archived day: a gzip'd CSV of its ticks, chained day to day by `chain`. */
export const tickArchive = z.object({
  day: z.string(),
  ticks: z.number().int(),
  first_id: z.number().int().nullable(),
  last_id: z.number().int().nullable(),
  /** The hash of the day's last tick: the next tick's prev_hash. */
  last_hash: z.string(),
  /** SHA-256 of the gzip file. */
  sha256: z.string(),
  /** chain = sha256_hex(prev_chain + "\n" + productid + "\n" + day + "\n" + sha256); the first has 64 zeros before. */
  prev_chain: z.string(),
  chain: z.string(),
  bytes: z.number().int(),
  /** The download path of the file. */
  url: z.string(),
});
export type TickArchive = z.infer<typeof tickArchive>;

export const tickLogCalls = {
  listTicks: defineCall({
    method: "GET",
    path: "/api/index/ticks",
    auth: "none",
    summary:
      "The public tick log of a pair, oldest first, each tick hash-chained to the one before; from/to (ISO times) bound `at` inclusively",
    query: pageQuery
      .extend({
        productid: id,
        from: isoTime.optional(),
        to: isoTime.optional(),
        list: pageQuery.shape.list.unwrap().default(100),
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "must not be before from", path: ["to"] }),
    data: paged(chainedTick),
  }),
  listTickHeads: defineCall({
    method: "GET",
    path: "/api/index/tickhead",
    auth: "none",
    summary: "The newest link of every pair's tick chain",
    data: z.object({ items: z.array(tickHead) }),
  }),
  listTickArchives: defineCall({
    method: "GET",
    path: "/api/index/tickarchives",
    auth: "none",
    summary: "A pair's archived days of ticks (gzip'd CSV), oldest first, chained day to day",
    query: pageQuery.extend({ productid: id, list: pageQuery.shape.list.unwrap().default(100) }),
    data: paged(tickArchive),
  }),
};
