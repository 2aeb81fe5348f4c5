import { z } from "zod";
import { id, paged, pageQuery, timestamp } from "../envelope";
import { secondFactorString } from "../validators";
import { defineCall } from "./define";
import { currencyCode, networkName } from "./funds";

/**
 * The one rule for withdrawal addresses (decision 120): withdrawals go only to addresses saved in the book; a saved
 * address can be used this long after it was saved, or at once when it was saved with a two-step code (the account
 * had TOTP on and the request gave its code).
 */
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
  /** When its 24-hour hold ends (the time it was saved when it was saved with a two-step code). */
  usable_from: timestamp,
  /** A withdrawal may go to it now: `usable_from` has passed. */
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
      "Save a withdrawal address (format checked per network). With TOTP on, `totp` (a current or recovery code) is " +
      "required and the address is usable at once; without, it is usable 24 h later (decision 120)",
    body: z.object({
      currency: currencyCode,
      network: networkName,
      address: z.string().trim().min(10).max(128),
      label: z.string().trim().min(1).max(ADDRESS_LABEL_MAX),
      /** Required when the account has TOTP on: a current authenticator code or an unused recovery code. */
      totp: secondFactorString.optional(),
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
