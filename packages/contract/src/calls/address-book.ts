import { z } from "zod";
import { id, paged, pageQuery, timestamp } from "../envelope";
import { defineCall } from "./define";
import { currencyCode, networkName } from "./funds";

/** A new address can be withdrawn to this long after it was saved, unless the user has TOTP on (then at once). */
export const ADDRESS_HOLD_HOURS = 24;
/** Saved withdrawal addresses per user. */
export const MAX_WITHDRAW_ADDRESSES = 50;
export const ADDRESS_LABEL_MAX = 40;

export const withdrawAddress = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  label: z.string(),
  created_at: timestamp,
  /** When its 24-hour hold ends (the time it was saved when TOTP was on then). */
  usable_from: timestamp,
  /** A withdrawal may go to it now: `usable_from` has passed, or the user has TOTP on now (any saved address). */
  usable: z.boolean(),
});

export const addressBookCalls = {
  withdrawAddresses: defineCall({
    method: "POST",
    path: "/api/user/addresses",
    auth: "user",
    summary: "My saved withdrawal addresses, newest first; optionally of one currency and network",
    query: pageQuery,
    body: z.object({ currency: currencyCode.optional(), network: networkName.optional() }),
    data: paged(withdrawAddress),
  }),
  withdrawAddressAdd: defineCall({
    method: "POST",
    path: "/api/user/addresses/add",
    auth: "user",
    summary:
      "Save a withdrawal address (format checked per network). Usable 24 h later, or at once when two-step " +
      "verification is on",
    body: z.object({
      currency: currencyCode,
      network: networkName,
      address: z.string().trim().min(10).max(128),
      label: z.string().trim().min(1).max(ADDRESS_LABEL_MAX),
    }),
    data: withdrawAddress,
  }),
  withdrawAddressDelete: defineCall({
    method: "POST",
    path: "/api/user/addresses/delete",
    auth: "user",
    summary: "Delete one of my saved withdrawal addresses",
    body: z.object({ id }),
    data: z.object({ id: z.number().int() }),
  }),
};
