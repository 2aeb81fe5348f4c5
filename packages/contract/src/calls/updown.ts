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
});
export type UpDownOrder = z.infer<typeof upDownOrder>;

/** Up/down orders: stake on a pair's price being higher or lower after a term, settled by recorded ticks. */
export const upDownCalls = {
  miao: defineCall({
    method: "POST",
    path: "/api/index/miao",
    auth: "none",
    summary: "Up/down settings per pair: settlement times with payout rates, min and max amount",
    data: z.object({ items: z.array(upDownSetting) }),
  }),
  domiao: defineCall({
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
  getmiaode: defineCall({
    method: "POST",
    path: "/api/index/getmiaode",
    auth: "user",
    summary: "One of my up/down orders with its entry and exit ticks",
    body: z.object({ id }),
    data: upDownOrder,
  }),
  miaoticks: defineCall({
    method: "POST",
    path: "/api/index/miaoticks",
    auth: "user",
    summary: "The ticks recorded between one of my orders' entry and exit (at most 1,000), to check its result",
    body: z.object({ id }),
    data: z.object({ items: z.array(tick) }),
  }),
  miaolist: defineCall({
    method: "POST",
    path: "/api/index/miaolist",
    auth: "user",
    summary: "My up/down orders by status",
    query: pageQuery.extend({ status: z.enum(UPDOWN_STATUSES).optional() }),
    body: z.object({ status: z.enum(UPDOWN_STATUSES).optional() }),
    data: paged(upDownOrder),
  }),
};
