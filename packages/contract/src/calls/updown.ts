import { z } from "zod";
import { DIRECTIONS, UPDOWN_RESULTS, UPDOWN_STATUSES } from "../enums";
import { decimal, id, intLike, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { defineCall } from "./define";
import { tick } from "./market";

export const upDownTerm = z.object({ seconds: z.number().int(), payout_rate: decimal });
export const upDownSetting = z.object({
  productid: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  /** The stake currency's decimals: amounts with more significant places are refused. */
  decimals: z.number().int(),
  min_amount: decimal,
  max_amount: decimal,
  terms: z.array(upDownTerm),
});

/**
 * A record the server signed (issue 43): `payload` is a JSON string, `signature` Ed25519 over its UTF-8 bytes,
 * base64, by the receipt key the payload names (`key`), published at `getReceiptKey`.
 */
export const signedRecord = z.object({ payload: z.string(), signature: z.string() });
export type SignedRecord = z.infer<typeof signedRecord>;

/** A tick as a signed record names it: its place in the pair's chain and its hash. */
export const tickLink = z.object({ id: z.number().int(), hash: z.string() });

/** What a receipt's payload holds: the order as accepted and the pair's head at that moment. */
export const receiptPayload = z.object({
  type: z.literal("updown_receipt"),
  key: z.string(),
  id: z.number().int(),
  productid: z.number().int(),
  direction: z.enum(DIRECTIONS),
  amount: z.string(),
  currency: z.string(),
  seconds: z.number().int(),
  rate: z.string(),
  accepted_at: z.string(),
  settle_at: z.string(),
  after_tick: tickLink,
});
export type ReceiptPayload = z.infer<typeof receiptPayload>;

/** What a settlement's payload holds: the ticks the result rests on, the result and the payout. */
export const settlementPayload = z.object({
  type: z.literal("updown_settlement"),
  key: z.string(),
  id: z.number().int(),
  productid: z.number().int(),
  entry_tick: tickLink.nullable(),
  exit_tick: tickLink.nullable(),
  result: z.enum(UPDOWN_RESULTS),
  payout: z.string(),
  settled_at: z.string(),
});
export type SettlementPayload = z.infer<typeof settlementPayload>;

/** A receipt key: its id (what payloads name), the raw 32-byte Ed25519 public key in base64, and when it signed. */
export const receiptKey = z.object({
  key_id: z.string(),
  public_key: z.string(),
  from: timestamp,
  until: timestamp.nullable(),
});
export type ReceiptKey = z.infer<typeof receiptKey>;

export const upDownOrder = z.object({
  id: z.number().int(),
  productid: z.number().int(),
  symbol: z.string(),
  direction: z.enum(DIRECTIONS),
  amount: decimal,
  currency: z.string(),
  seconds: z.number().int(),
  payout_rate: decimal,
  status: z.enum(UPDOWN_STATUSES),
  result: z.enum(UPDOWN_RESULTS).nullable(),
  entry: tick.nullable(),
  exit: tick.nullable(),
  payout: decimal.nullable(),
  profit: decimal.nullable(),
  accepted_at: timestamp,
  settle_at: timestamp,
  settled_at: timestamp.nullable(),
  /** Signed at acceptance; null on orders placed before receipts existed. */
  receipt: signedRecord.nullable(),
  /** Signed at settlement; null until then (and on orders placed before receipts existed). */
  settlement: signedRecord.nullable(),
});
export type UpDownOrder = z.infer<typeof upDownOrder>;

/** Up/down orders: stake on a pair's price being higher or lower after a term, settled by recorded ticks. */
export const upDownCalls = {
  listUpDownSettings: defineCall({
    method: "POST",
    path: "/api/index/miao",
    auth: "none",
    summary: "Up/down settings per pair: settlement times with payout rates, min and max amount",
    data: z.object({ items: z.array(upDownSetting) }),
  }),
  placeUpDownOrder: defineCall({
    method: "POST",
    path: "/api/index/domiao",
    auth: "user",
    summary: "Place an up/down order",
    body: z.object({
      productid: id,
      direction: z.enum(DIRECTIONS),
      amount: amountString(8),
      seconds: intLike(1, 86_400),
    }),
    data: upDownOrder,
  }),
  getReceiptKey: defineCall({
    method: "GET",
    path: "/api/index/receiptkey",
    auth: "none",
    summary:
      "The Ed25519 key that signs up/down receipts and settlements (raw 32 bytes, base64), and every key that signed before",
    data: receiptKey.extend({ keys: z.array(receiptKey) }),
  }),
  getUpDownOrder: defineCall({
    method: "POST",
    path: "/api/index/getmiaode",
    auth: "user",
    summary: "One of my up/down orders with its entry and exit ticks",
    body: z.object({ id }),
    data: upDownOrder,
  }),
  getUpDownOrderTicks: defineCall({
    method: "POST",
    path: "/api/index/miaoticks",
    auth: "user",
    summary: "The ticks recorded between one of my orders' entry and exit (at most 1,000), to check its result",
    body: z.object({ id }),
    data: z.object({ items: z.array(tick) }),
  }),
  listUpDownOrders: defineCall({
    method: "POST",
    path: "/api/index/miaolist",
    auth: "user",
    summary: "My up/down orders by status",
    query: pageQuery.extend({ status: z.enum(UPDOWN_STATUSES).optional() }),
    body: z.object({ status: z.enum(UPDOWN_STATUSES).optional() }),
    data: paged(upDownOrder),
  }),
};
