import { z } from "zod";
import { STAKING_STATUSES } from "../enums";
import { decimal, id, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { defineCall } from "./define";

export const stakingProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  /** The currency's decimals: amounts with more significant places are refused. */
  decimals: z.number().int(),
  daily_rate: decimal,
  days: z.number().int(),
  min_amount: decimal,
  max_amount: decimal,
  quota: decimal,
  quota_left: decimal,
  per_user_limit: decimal,
  enabled: z.boolean(),
});
export type StakingProduct = z.infer<typeof stakingProduct>;

export const stakingOrder = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  currency: z.string(),
  principal: decimal,
  daily_rate: decimal,
  days: z.number().int(),
  days_paid: z.number().int(),
  earned: decimal,
  status: z.enum(STAKING_STATUSES),
  next_payout_at: timestamp.nullable(),
  matures_at: timestamp,
  created_at: timestamp,
});

export const stakingCalls = {
  getStakingSummary: defineCall({
    method: "POST",
    path: "/api/index/item",
    auth: "optional",
    summary: "Arbitrage summary (total, today, in custody) and the product list",
    data: z.object({
      /** The three totals below are valued in `valuation_currency` at the latest recorded prices. */
      valuation_currency: z.string(),
      total_earned: decimal,
      today_earned: decimal,
      in_custody: decimal,
      /** The same totals per currency, exact and unvalued. */
      by_currency: z.array(
        z.object({ currency: z.string(), total_earned: decimal, today_earned: decimal, in_custody: decimal }),
      ),
      products: z.array(stakingProduct),
    }),
  }),
  getStakingProduct: defineCall({
    method: "POST",
    path: "/api/index/getitems",
    auth: "none",
    summary: "One arbitrage product",
    body: z.object({ id }),
    data: stakingProduct,
  }),
  subscribeStaking: defineCall({
    method: "POST",
    path: "/api/index/doitem",
    auth: "user",
    summary: "Subscribe an amount to a product",
    body: z.object({ eid: id, money: amountString(8) }),
    data: stakingOrder,
  }),
  listStakingOrders: defineCall({
    method: "POST",
    path: "/api/index/getitemlist",
    auth: "user",
    summary: "My custody orders by status",
    query: pageQuery,
    body: z.object({ status: z.enum(STAKING_STATUSES).optional() }),
    data: paged(stakingOrder),
  }),
};
