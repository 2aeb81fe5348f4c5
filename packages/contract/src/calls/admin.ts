import { z } from "zod";
import { CHAIN_SEND_STATES, DOC_TYPES, REVIEW_STATUSES, WITHDRAWAL_STATUSES } from "../enums";
import { decimal, intLike, paged, pageQuery, timestamp } from "../envelope";
import { TX_HASH_MAX } from "../tx-hash";
import { amountString } from "../validators";
import { defineCall } from "./define";
import { currencyCode, deposit, networkName, withdrawal } from "./funds";
import { operatorCalls } from "./operators";

/** A review of a pending request: complete it, or reject it with a reason the user sees. */
export const reviewBody = z.object({
  id: intLike(1, 2_147_483_647),
  action: z.enum(["complete", "reject"]),
  reason: z.string().trim().max(500).optional(),
});

/**
 * A withdrawal's review: besides `reviewBody`, the transaction that paid it out, for networks checked by hand
 * (validated per network: `txHashIssue`). Ignored on a reject and on a network the hot wallet sends on.
 */
export const withdrawReviewBody = reviewBody.extend({
  tx_hash: z.string().trim().max(TX_HASH_MAX).optional(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: timestamp,
});

export const ledgerHealth = z.object({
  ok: z.boolean(),
  unbalanced_entries: z.number().int(),
  mismatched_accounts: z.number().int(),
  negative_user_accounts: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), owner: z.string(), total: z.string() })),
});

/** A deposit or withdrawal as the console sees it: whose it is and who reviewed it. */
export const adminDeposit = deposit.extend({ user_id: z.number().int(), reviewed_by: z.number().int().nullable() });
/** What the hot wallet's sender does with a withdrawal on a network with a node (issue 39). */
export const chainSend = z.object({
  state: z.enum(CHAIN_SEND_STATES),
  /** Over the hot wallet's daily limit: waits for an operator's approval before it is signed. */
  held: z.boolean(),
  nonce: z.number().int().nullable(),
  /** Every signed transaction (a replacement adds one); the mined one is `tx_hash`. */
  hashes: z.array(
    z.object({
      hash: z.string(),
      max_fee_per_gas: z.string(),
      broadcast: z.boolean(),
      /** The operator's cancel: a zero-value transfer to the hot wallet at the same nonce. */
      cancel: z.boolean(),
    }),
  ),
  approved_by: z.number().int().nullable(),
});
export const adminWithdrawal = withdrawal.extend({
  user_id: z.number().int(),
  reviewed_by: z.number().int().nullable(),
  chain: chainSend.nullable().optional(),
});
const reviewListBody = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  uid: intLike(1, 2_147_483_647).optional(),
});
const withdrawListBody = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  uid: intLike(1, 2_147_483_647).optional(),
});
/** One currency of the hot wallet on one network: what it holds beside what waits to be sent. */
export const hotWalletBalance = z.object({
  network: z.string(),
  currency: z.string(),
  address: z.string(),
  /** null when the node did not answer. */
  balance: decimal.nullable(),
  waiting: decimal,
  /** Sent today (UTC) beside the daily limit (null: no limit). */
  sent_today: decimal,
  daily_limit: decimal.nullable(),
  /** The balance cannot cover what waits (or the node did not answer). */
  short: z.boolean(),
});

export const adminDepositChannel = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  enabled: z.boolean(),
  /** Labelled "Demo" to users wherever the address shows; the seeded channels (burn addresses) are demo. */
  demo: z.boolean(),
  sort: z.number().int(),
});

export const adminWithdrawNetwork = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  fee: decimal,
  min_amount: decimal,
  max_amount: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
});

/** A real-name submission's own states: pending, then verified or failed (the user may then submit again). */
export const REAL_NAME_SUBMISSION_STATUSES = ["pending", "verified", "failed"] as const;

/** A real-name submission as the console sees it: the full document number and signed image URLs. */
export const adminRealName = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  doc_type: z.enum(DOC_TYPES),
  doc_number: z.string(),
  images: z.array(z.object({ id: z.number().int(), url: z.string() })),
  status: z.enum(REAL_NAME_SUBMISSION_STATUSES),
  reason: z.string().nullable(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
  reviewed_by: z.number().int().nullable(),
});

/** Funds switches and rates: the exchange fee rate (0.001 = 0.1 %) and whether withdrawals need real-name. */
export const fundsSettings = z.object({ exchange_fee_rate: decimal, withdraw_requires_real_name: z.boolean() });

/** The operator API (docs/design/console.md). Every call needs an operator token, never a user's. */
export const adminCalls = {
  ...operatorCalls,
  adminAuditList: defineCall({
    method: "POST",
    path: "/api/admin/audit/list",
    auth: "operator",
    summary: "The audit log, newest first",
    query: pageQuery,
    body: z.object({
      action: z.string().max(64).optional(),
      /** `read`: the reads of users' personal data (actions `read.*`); `change`: everything else. Both when absent. */
      kind: z.enum(["change", "read"]).optional(),
      target_type: z.string().max(64).optional(),
      operator_id: intLike(1, 2_147_483_647).optional(),
    }),
    data: paged(auditEntry),
  }),
  adminMessage: defineCall({
    method: "POST",
    path: "/api/admin/message",
    auth: "operator",
    summary: "Send a personal message to a user",
    body: z.object({
      uid: intLike(1, 2_147_483_647),
      title: z.string().trim().min(1).max(120),
      body: z.string().trim().min(1).max(5000),
    }),
    data: z.object({ id: z.number().int() }),
  }),
  adminLedgerHealth: defineCall({
    method: "POST",
    path: "/api/admin/ledger/health",
    auth: "operator",
    summary: "Ledger totals per currency and the invariant checks",
    data: ledgerHealth,
  }),
  adminRechargeList: defineCall({
    method: "POST",
    path: "/api/admin/recharge/list",
    auth: "operator",
    summary: "Deposits by status (oldest pending first when status is pending, else newest first)",
    query: pageQuery,
    body: reviewListBody,
    data: paged(adminDeposit),
  }),
  adminRechargeReview: defineCall({
    method: "POST",
    path: "/api/admin/recharge/review",
    auth: "operator",
    summary: "Complete (credit the user) or reject (reason required) a pending deposit",
    body: reviewBody,
    data: adminDeposit,
  }),
  adminWithdrawList: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/list",
    auth: "operator",
    summary: "Withdrawals by status (oldest pending first when status is pending, else newest first)",
    query: pageQuery,
    body: withdrawListBody,
    data: paged(adminWithdrawal),
  }),
  adminWithdrawApprove: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/approve",
    auth: "operator",
    summary: "Let the hot wallet send a withdrawal held over its daily limit (audited)",
    body: z.object({ id: intLike(1, 2_147_483_647) }),
    data: adminWithdrawal,
  }),
  adminWithdrawSpeedup: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/speedup",
    auth: "operator",
    summary:
      "Replace a withdrawal's stuck transaction with one paying a higher fee at the same nonce (audited); whichever is mined wins",
    body: z.object({ id: intLike(1, 2_147_483_647) }),
    data: adminWithdrawal,
  }),
  adminWithdrawCancel: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/cancel",
    auth: "operator",
    summary:
      "Mark a sent, unmined withdrawal failed, safely: a zero-value self-transfer at its nonce with a higher fee (audited); if that is mined the funds return, if the original is mined first it completes",
    body: z.object({ id: intLike(1, 2_147_483_647) }),
    data: adminWithdrawal,
  }),
  adminHotWallet: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/hotwallet",
    auth: "operator",
    summary: "The hot wallet's balance per network and currency beside what waits to be sent",
    data: z.object({ configured: z.boolean(), items: z.array(hotWalletBalance) }),
  }),
  adminWithdrawReview: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/review",
    auth: "operator",
    summary:
      "Complete (funds leave; tx_hash: the payout's transaction, on a network checked by hand) or reject (reason " +
      "required; funds return to available) a pending withdrawal",
    body: withdrawReviewBody,
    data: adminWithdrawal,
  }),
  adminRealList: defineCall({
    method: "POST",
    path: "/api/admin/real/list",
    auth: "operator",
    summary: "Real-name submissions by status (oldest pending first when status is pending, else newest first)",
    query: pageQuery,
    body: z.object({
      status: z.enum(REAL_NAME_SUBMISSION_STATUSES).optional(),
      uid: intLike(1, 2_147_483_647).optional(),
    }),
    data: paged(adminRealName),
  }),
  adminRealReview: defineCall({
    method: "POST",
    path: "/api/admin/real/review",
    auth: "operator",
    summary: "Verify (complete) or fail (reject, reason required; the user may submit again) a pending real-name",
    body: reviewBody,
    data: adminRealName,
  }),
  adminChannelsList: defineCall({
    method: "POST",
    path: "/api/admin/channels/list",
    auth: "operator",
    summary: "Deposit channels, enabled or not",
    data: z.object({ items: z.array(adminDepositChannel) }),
  }),
  adminChannelsSave: defineCall({
    method: "POST",
    path: "/api/admin/channels/save",
    auth: "operator",
    summary: "Create (no id) or change a deposit channel; the address is checked for the network",
    body: z.object({
      id: intLike(1, 2_147_483_647).optional(),
      currency: currencyCode,
      network: networkName,
      address: z.string().trim().min(10).max(128),
      enabled: z.boolean().default(true),
      demo: z.boolean().default(false),
      sort: intLike(0, 10_000).default(0),
    }),
    data: adminDepositChannel,
  }),
  adminWithdrawNetworksList: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/networks/list",
    auth: "operator",
    summary: "Withdrawal networks per currency with fee, minimum and maximum",
    data: z.object({ items: z.array(adminWithdrawNetwork) }),
  }),
  adminWithdrawNetworksSave: defineCall({
    method: "POST",
    path: "/api/admin/withdraw/networks/save",
    auth: "operator",
    summary: "Create or change the withdrawal fee and limits of one currency on one network",
    body: z.object({
      currency: currencyCode,
      network: networkName,
      fee: z.union([z.literal("0"), amountString(18)]),
      min_amount: amountString(18),
      max_amount: amountString(18),
      enabled: z.boolean().default(true),
      sort: intLike(0, 10_000).default(0),
    }),
    data: adminWithdrawNetwork,
  }),
  adminFundsSettings: defineCall({
    method: "POST",
    path: "/api/admin/funds/settings",
    auth: "operator",
    summary: "Read, or change the given fields of, the exchange fee rate and the real-name rule for withdrawals",
    body: z.object({
      exchange_fee_rate: z
        .string()
        .trim()
        .regex(/^0(\.\d{1,8})?$/, { error: "invalid_amount" })
        .optional(),
      withdraw_requires_real_name: z.boolean().optional(),
    }),
    data: fundsSettings,
  }),
};
