import { z } from "zod";
import { decimal, id, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { defineCall } from "./define";

/** Active price alerts per user. */
export const MAX_ACTIVE_PRICE_ALERTS = 20;
/** above: fires when a recorded price is at or above the level; below: at or below. */
export const ALERT_DIRECTIONS = ["above", "below"] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];
export const ALERT_STATUSES = ["active", "triggered"] as const;

export const priceAlert = z.object({
  id: z.number().int(),
  productid: z.number().int(),
  symbol: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  level: decimal,
  /** The latest price when the alert was set. */
  price_at_creation: decimal,
  status: z.enum(ALERT_STATUSES),
  created_at: timestamp,
  triggered_at: timestamp.nullable(),
  /** The recorded price that reached the level. */
  triggered_price: decimal.nullable(),
});

export const priceAlertCalls = {
  priceAlerts: defineCall({
    method: "POST",
    path: "/api/user/alerts",
    auth: "user",
    summary: "My price alerts, newest first; optionally of one pair and/or one status",
    query: pageQuery,
    body: z.object({ productid: id.optional(), status: z.enum(ALERT_STATUSES).optional() }),
    data: paged(priceAlert),
  }),
  priceAlertAdd: defineCall({
    method: "POST",
    path: "/api/user/alerts/add",
    auth: "user",
    summary:
      "Alert me (a message and a live event) when the pair's recorded price reaches `price` from the current side; " +
      "at most 20 active",
    body: z.object({ productid: id, direction: z.enum(ALERT_DIRECTIONS), price: amountString(18) }),
    data: priceAlert,
  }),
  priceAlertDelete: defineCall({
    method: "POST",
    path: "/api/user/alerts/delete",
    auth: "user",
    summary: "Delete one of my price alerts",
    body: z.object({ id }),
    data: z.object({ id: z.number().int() }),
  }),
};
