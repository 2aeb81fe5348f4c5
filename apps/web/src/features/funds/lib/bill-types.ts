/**
 * The ledger's entry types as bills name them (the server's `ledger/types.ts`; the contract leaves `type` a
 * string). A type not listed here still shows, under its raw name.
 */
export const BILL_TYPES = [
  "deposit",
  "withdraw_request",
  "withdraw_complete",
  "withdraw_reject",
  "exchange",
  "updown_stake",
  "updown_payout",
  "updown_refund",
  "staking_subscribe",
  "staking_interest",
  "staking_principal",
  "adjustment",
] as const;
