import { z } from "zod";
import { REAL_NAME_STATUSES } from "../enums";
import { decimal, id, intLike, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { adminChainDeposit, adminChainNetwork, adminChainReconcileRow } from "./chain-networks";
import { defineCall } from "./define";
import { bill } from "./funds";
import { upDownOrder } from "./updown";

/**
 * The operator console's reading and configuration calls (docs/design/console.md, issue 9). None of them can change an
 * order's outcome, a tick, or a balance: balances move only through the reviews, which post named ledger entries.
 */

const uid = z.object({ uid: id });
/** Operator-written text in every language it was written in; "en" is the fallback. */
const localizedText = z.record(z.string().min(2).max(10), z.string().trim().min(1).max(20_000));
/** A body of localized text: up to 20,000 characters in each of 14 languages. */
const LOCALIZED_BODY_LIMIT = 1024 * 1024;
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,8})?$/, "a rate such as 0.85");

export const adminUser = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  credit_score: z.number().int(),
  created_at: timestamp,
});

export const adminUserDetail = adminUser.extend({
  /** Two-step verification (TOTP) on; an operator may turn it off for a user who lost the authenticator. */
  totp_enabled: z.boolean(),
  balances: z.array(z.object({ currency: z.string(), available: decimal, frozen: decimal })),
  real_name_status: z.enum(REAL_NAME_STATUSES),
});

export const adminPair = z.object({
  id: z.number().int(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  product_type: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
});

export const upDownTermInput = z.object({ seconds: intLike(5, 86_400), payout_rate: rate });

export const adminUpDownSetting = z.object({
  productid: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  min_amount: decimal,
  max_amount: decimal,
  terms: z.array(z.object({ seconds: z.number().int(), payout_rate: decimal })),
  enabled: z.boolean(),
});

export const adminStakingProduct = z.object({
  id: z.number().int(),
  name: z.record(z.string(), z.string()),
  currency: z.string(),
  daily_rate: decimal,
  days: z.number().int(),
  min_amount: decimal,
  max_amount: decimal,
  quota: decimal,
  per_user_limit: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
});

export const adminDashboard = z.object({
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int(), real_names: z.number().int() }),
  users: z.object({ total: z.number().int(), joined_today: z.number().int() }),
  /** Per currency: what users hold (available + frozen + custody) and the house account's balance. */
  exposure: z.array(z.object({ currency: z.string(), users: decimal, house: decimal })),
  ledger_ok: z.boolean(),
});

export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
  error: z.string().nullable(),
});

/** What an operator alert is about (decision 114). */
export const INCIDENT_KINDS = [
  "stale_feed",
  "settlement_lag",
  "ledger_imbalance",
  "backup_failed",
  "disk_low",
] as const;

export const adminIncident = z.object({
  id: z.number().int(),
  kind: z.enum(INCIDENT_KINDS),
  /** What the check saw, in figures and names (English, as the server logs it). */
  detail: z.string(),
  opened_at: timestamp,
  resolved_at: timestamp.nullable(),
});

export const adminNews = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  published: z.boolean(),
  created_at: timestamp,
});

/** Hosts the generic web view may frame besides this site's own paths, e.g. "docs.example.com". */
export const webviewHosts = z.object({ hosts: z.array(z.string()) });
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "a host name such as docs.example.com");

export const consoleCalls = {
  adminDashboard: defineCall({
    method: "POST",
    path: "/api/admin/dashboard",
    auth: "operator",
    summary: "Pending reviews, users, and per-currency exposure at a glance",
    data: adminDashboard,
  }),
  adminUsersList: defineCall({
    method: "POST",
    path: "/api/admin/users/list",
    auth: "operator",
    summary: "Users, newest first; `q` searches email, address or id",
    query: pageQuery,
    body: z.object({ q: z.string().trim().max(100).optional() }),
    data: paged(adminUser),
  }),
  adminUserShow: defineCall({
    method: "POST",
    path: "/api/admin/users/show",
    auth: "operator",
    summary: "One user with balances and real-name state",
    body: uid,
    data: adminUserDetail,
  }),
  adminUserBills: defineCall({
    method: "POST",
    path: "/api/admin/users/bills",
    auth: "operator",
    summary: "A user's bills (ledger postings), newest first",
    query: pageQuery,
    body: uid,
    data: paged(bill),
  }),
  adminUserOrders: defineCall({
    method: "POST",
    path: "/api/admin/users/orders",
    auth: "operator",
    summary: "A user's up/down orders, newest first (read only)",
    query: pageQuery,
    body: uid,
    data: paged(upDownOrder),
  }),
  adminCredit: defineCall({
    method: "POST",
    path: "/api/admin/users/credit",
    auth: "operator",
    summary: "Change a user's credit score; the reason reaches the user as a message",
    body: uid.extend({ score: intLike(0, 1000), reason: z.string().trim().min(2).max(500) }),
    data: adminUser,
  }),
  adminUserTotpReset: defineCall({
    method: "POST",
    path: "/api/admin/users/totp-reset",
    auth: "operator",
    summary:
      "Turn off a user's two-step verification (a lost authenticator); audited, the user is mailed and messaged the reason",
    body: uid.extend({ reason: z.string().trim().min(2).max(500) }),
    data: z.object({ uid: z.number().int(), totp_enabled: z.literal(false) }),
  }),
  adminPairsList: defineCall({
    method: "POST",
    path: "/api/admin/pairs/list",
    auth: "operator",
    summary: "Every trading pair, enabled or not",
    data: z.object({ items: z.array(adminPair) }),
  }),
  adminPairSave: defineCall({
    method: "POST",
    path: "/api/admin/pairs/save",
    auth: "operator",
    summary: "Enable, disable or reorder a pair (prices come only from the feed)",
    body: z.object({ id, enabled: z.boolean().optional(), sort: intLike(0, 100_000).optional() }),
    data: adminPair,
  }),
  adminUpDownList: defineCall({
    method: "POST",
    path: "/api/admin/updown/list",
    auth: "operator",
    summary: "Up/down terms of every pair",
    data: z.object({ items: z.array(adminUpDownSetting) }),
  }),
  adminUpDownSave: defineCall({
    method: "POST",
    path: "/api/admin/updown/save",
    auth: "operator",
    summary: "Set a pair's up/down terms for future orders; accepted orders keep theirs",
    body: z.object({
      productid: id,
      min_amount: amountString(8),
      max_amount: amountString(8),
      terms: z.array(upDownTermInput).min(1).max(12),
      enabled: z.boolean(),
    }),
    data: adminUpDownSetting,
  }),
  adminStakingList: defineCall({
    method: "POST",
    path: "/api/admin/staking/list",
    auth: "operator",
    summary: "Every staking product, enabled or not",
    data: z.object({ items: z.array(adminStakingProduct) }),
  }),
  adminStakingSave: defineCall({
    method: "POST",
    path: "/api/admin/staking/save",
    auth: "operator",
    summary: "Create (no id) or change a staking product for future subscriptions; running orders keep their terms",
    bodyLimit: LOCALIZED_BODY_LIMIT,
    body: z.object({
      id: id.optional(),
      name: localizedText,
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{2,10}$/),
      daily_rate: rate,
      days: intLike(1, 3650),
      min_amount: amountString(8),
      max_amount: amountString(8),
      quota: amountString(8),
      per_user_limit: amountString(8),
      enabled: z.boolean(),
      sort: intLike(0, 100_000).default(0),
    }),
    data: adminStakingProduct,
  }),
  adminNewsList: defineCall({
    method: "POST",
    path: "/api/admin/news/list",
    auth: "operator",
    summary: "Announcements (cid 1) and system notices (cid 2), newest first, in every language written",
    query: pageQuery,
    body: z.object({ cid: z.union([z.literal(1), z.literal(2)]).optional() }),
    data: paged(adminNews),
  }),
  adminNewsSave: defineCall({
    method: "POST",
    path: "/api/admin/news/save",
    auth: "operator",
    summary: "Publish (no id) or edit an announcement or system notice; HTML is sanitised when read",
    bodyLimit: LOCALIZED_BODY_LIMIT,
    body: z.object({
      id: id.optional(),
      cid: z.union([z.literal(1), z.literal(2)]),
      title: localizedText,
      body: localizedText,
      published: z.boolean().default(true),
    }),
    data: adminNews,
  }),
  adminWebviewHosts: defineCall({
    method: "POST",
    path: "/api/admin/webview/hosts",
    auth: "operator",
    summary: "Read, or replace when `hosts` is sent, the web view's allow-list of foreign hosts",
    body: z.object({ hosts: z.array(hostName).max(50).optional() }),
    data: webviewHosts,
  }),
  listWebviewHosts: defineCall({
    method: "POST",
    path: "/api/index/webviewhosts",
    auth: "none",
    summary: "Foreign hosts the web view may frame (this site's own paths are always allowed)",
    data: webviewHosts,
  }),
  adminOutbox: defineCall({
    method: "POST",
    path: "/api/admin/outbox/list",
    auth: "operator",
    summary:
      "Mail the server sent or kept (newest first). With SMTP (`delivering`) codes are masked; without it, the demo's only way a code reaches anyone, mail is kept whole and never delivered",
    query: pageQuery,
    data: paged(outboxMail).extend({
      /** Whether mail goes out by SMTP; when false, the console warns that nobody receives it. */
      delivering: z.boolean(),
    }),
  }),
  adminChainStatus: defineCall({
    method: "POST",
    path: "/api/admin/chain/status",
    auth: "operator",
    summary:
      "The chain watcher, read only: each network with a node (cursor, head, lag, last error) and the 50 latest on-chain deposits (audited as read.chain)",
    data: z.object({ networks: z.array(adminChainNetwork), deposits: z.array(adminChainDeposit) }),
  }),
  adminIncidents: defineCall({
    method: "POST",
    path: "/api/admin/incidents/list",
    auth: "operator",
    summary:
      "Operator alerts: the incidents open now (the console's banner) and the 100 latest, open or resolved, with their times",
    data: z.object({ open: z.array(adminIncident), recent: z.array(adminIncident) }),
  }),
  adminChainReconcile: defineCall({
    method: "POST",
    path: "/api/admin/chain/reconcile",
    auth: "operator",
    summary:
      "Reconciliation: per currency and network with a node, users' balances (sum of postings) beside what the chain holds (hot wallet plus deposit addresses, read at one block); flagged when the chain holds less",
    data: z.object({ hot_wallet: z.string().nullable(), rows: z.array(adminChainReconcileRow) }),
  }),
};
