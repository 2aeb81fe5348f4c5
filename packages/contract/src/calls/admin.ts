import { z } from "zod";
import { CHAIN_SEND_STATES, DOC_TYPES, REVIEW_STATUSES, WITHDRAWAL_STATUSES } from "../enums";
import { decimal, intLike, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { defineCall } from "./define";
import { currencyCode, deposit, networkName, withdrawal } from "./funds";

/** A review of a pending request: complete it, or reject it with a reason the user sees. */
export const reviewBody = z.object({
  id: intLike(1, 2_147_483_647),
  action: z.enum(["complete", "reject"]),
  reason: z.string().trim().max(500).optional(),
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

/** A 6-digit code from the operator's authenticator app (TOTP, 30-second steps). */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** An operator as the audit log's filter lists them; no secret ever travels. */
export const adminOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  totp_enabled: z.boolean(),
  created_at: timestamp,
});

/** The operator's own password: TOTP changes ask for it besides the session (a stolen token alone cannot). */
const operatorPassword = z.string().min(1).max(200).optional();

/** One signed-in session of the calling operator. */
export const adminOperatorSession = z.object({
  id: z.number().int(),
  created_at: timestamp,
  /** Written at most once a minute; the session ends once unused for OPERATOR_IDLE_MINUTES. */
  last_used_at: timestamp,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Summarised from the user agent; null parts were not recognised. */
  device: z.object({ browser: z.string().nullable(), os: z.string().nullable() }),
  /** The session making this call. */
  current: z.boolean(),
});

/**
 * Login refusals carry `data.totp_required` when the operator has TOTP on and the code was missing or wrong, so the
 * console can ask for it.
 */
export const adminLoginRefusalData = z.object({ totp_required: z.literal(true) });

/** Funds switches and rates: the exchange fee rate (0.001 = 0.1 %) and whether withdrawals need real-name. */
export const fundsSettings = z.object({ exchange_fee_rate: decimal, withdraw_requires_real_name: z.boolean() });

/** The operator API of DESIGN.md §7. Every call needs an operator token, never a user's. */
export const adminCalls = {
  adminLogin: defineCall({
    method: "POST",
    path: "/api/admin/login",
    auth: "none",
    summary: "Operator login; answers an operator token for Authorization: Bearer",
    body: z.object({
      email: z.string().trim().toLowerCase().min(3).max(254),
      password: z.string().min(1).max(200),
      totp: totpCode.optional(),
    }),
    data: z.object({ token: z.string(), operator: z.object({ id: z.number().int(), email: z.string() }) }),
  }),
  adminLogout: defineCall({
    method: "POST",
    path: "/api/admin/logout",
    auth: "operator",
    summary: "Revoke the calling operator token",
    data: z.null(),
  }),
  adminSessions: defineCall({
    method: "POST",
    path: "/api/admin/sessions",
    auth: "operator",
    summary: "The calling operator's sessions still signed in, last used first, the calling one marked current",
    query: pageQuery,
    data: paged(adminOperatorSession),
  }),
  adminSignOutEverywhere: defineCall({
    method: "POST",
    path: "/api/admin/sessions/revoke-all",
    auth: "operator",
    summary: "Sign out every session of the calling operator, this one included",
    data: z.object({ revoked: z.number().int() }),
  }),
  adminTotpSetup: defineCall({
    method: "POST",
    path: "/api/admin/totp/setup",
    auth: "operator",
    summary:
      "A new pending TOTP secret for the calling operator, with the operator's password; active only once confirmed by totp/enable",
    body: z.object({ password: operatorPassword }),
    data: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  }),
  adminTotpEnable: defineCall({
    method: "POST",
    path: "/api/admin/totp/enable",
    auth: "operator",
    summary:
      "Turn TOTP on with the password and a current code of the pending secret; later logins need a code and the operator's other sessions are signed out",
    body: z.object({ code: totpCode, password: operatorPassword }),
    data: z.object({ totp_enabled: z.boolean() }),
  }),
  adminTotpDisable: defineCall({
    method: "POST",
    path: "/api/admin/totp/disable",
    auth: "operator",
    summary:
      "Turn TOTP off with the password and a current code; the secret is forgotten and the operator's other sessions are signed out",
    body: z.object({ code: totpCode, password: operatorPassword }),
    data: z.object({ totp_enabled: z.boolean() }),
  }),
  adminOperators: defineCall({
    method: "GET",
    path: "/api/admin/operators",
    auth: "operator",
    summary: "Every operator (for the audit log's filter), oldest first",
    data: z.object({ items: z.array(adminOperator) }),
  }),
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
    summary: "Complete (funds leave) or reject (reason required; funds return to available) a pending withdrawal",
    body: reviewBody,
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
