/** Enumerations shared by client and server. Values are what travels on the wire. */

export const LOGIN_TYPES = { password: 1, emailCode: 2, wallet: 3 } as const;
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];

/** `security`: confirms a security-settings change on an account that has no password (issue 20). */
export const EMS_EVENTS = ["register", "login", "withdraw", "reset", "security"] as const;
export type EmsEvent = (typeof EMS_EVENTS)[number];

export const DOC_TYPES = ["id_card", "passport", "driver_license"] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Deposit, withdrawal and real-name review: Pending... / Completed / Reject in the spec's words. */
export const REVIEW_STATUSES = ["pending", "completed", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/**
 * A deposit's statuses: a reviewed one's, and an on-chain one's (issue 39): confirming (n of N), completed
 * (credited), dropped (a reorg took its block away; never credited), below_minimum (recorded, not credited).
 */
export const DEPOSIT_STATUSES = [...REVIEW_STATUSES, "confirming", "dropped", "below_minimum"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/**
 * A withdrawal's statuses: the review's, plus, on a network with a node (issue 39), `sending` (approved, the hot
 * wallet's transaction on its way to N confirmations) and `failed` (reverted or dropped on chain; funds returned).
 */
export const WITHDRAWAL_STATUSES = ["pending", "sending", "completed", "rejected", "failed"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** What the hot wallet's sender does with a withdrawal on a network with a node (console only). */
export const CHAIN_SEND_STATES = ["held", "queued", "sent", "done"] as const;
export type ChainSendState = (typeof CHAIN_SEND_STATES)[number];

export const REAL_NAME_STATUSES = ["none", "under_review", "verified", "failed"] as const;
export type RealNameStatus = (typeof REAL_NAME_STATUSES)[number];

export const DIRECTIONS = ["up", "down"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Up/down order statuses: waiting for entry spot, trading in progress, waiting for settlement, settled. */
export const UPDOWN_STATUSES = ["awaiting_entry", "trading", "awaiting_settlement", "settled"] as const;
export type UpDownStatus = (typeof UPDOWN_STATUSES)[number];
export const UPDOWN_RESULTS = ["win", "lose", "tie"] as const;
export type UpDownResult = (typeof UPDOWN_RESULTS)[number];

export const STAKING_STATUSES = ["in_custody", "settled"] as const;
export type StakingStatus = (typeof STAKING_STATUSES)[number];

/** The ledger's named kinds of movement; each shows in the user's bills under this name (a bill's `type`). */
export const ENTRY_TYPES = [
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
export type EntryType = (typeof ENTRY_TYPES)[number];

export const KLINE_INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const KLINE_TYPES = ["candle", "line"] as const;

export const MESSAGE_CATEGORIES = { announcement: 1, system: 2, personal: 3 } as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[keyof typeof MESSAGE_CATEGORIES];

export const REVIEW_ACTIONS = ["complete", "reject"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The envelope's codes. */
export const RESULT_CODES = { refused: 0, ok: 1, unauthorized: 401, rpcRateLimited: 1300 } as const;
