import { z } from "zod";
import { DEPOSIT_STATUSES, REAL_NAME_STATUSES, WITHDRAWAL_STATUSES } from "../enums";
import { decimal, id, paged, pageQuery, timestamp } from "../envelope";
import { amountString, codeString, secondFactorString } from "../validators";
import { defineCall } from "./define";

export const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, { error: "invalid_currency" });
/**
 * The networks the server can check addresses for; each names its address format. A network is added here
 * together with its format, so that no withdrawal can go to an address nobody checked.
 */
export const NETWORKS = {
  TRC20: "tron",
  ERC20: "evm",
  BEP20: "evm",
  Polygon: "evm",
  Arbitrum: "evm",
  Bitcoin: "bitcoin",
} as const;
export type Network = keyof typeof NETWORKS;
export const NETWORK_NAMES = Object.keys(NETWORKS) as [Network, ...Network[]];
export const networkName = z.enum(NETWORK_NAMES);
const uploadIds = z.array(id).min(1).max(3);

/** Largest accepted upload (one image). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** How long an exchange quote holds. */
export const QUOTE_TTL_S = 15;

export const depositChannel = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  /** A demo channel (a burn address nobody holds a key for): the app labels it wherever it shows the address. */
  demo: z.boolean(),
  /**
   * Credited from the chain (issue 39): `address` is the signed-in user's own, the deposit shows up by itself after
   * `confirmations` blocks (no proof upload), and less than `min_deposit` is recorded but not credited. Null: an
   * operator checks each deposit by hand (today's proof form).
   */
  on_chain: z.object({ confirmations: z.number().int(), min_deposit: decimal }).nullable(),
});

/** An on-chain deposit's progress: confirmations n of `required`, and the transaction on the network's explorer. */
export const depositChain = z.object({
  tx_hash: z.string(),
  confirmations: z.number().int(),
  required: z.number().int(),
  tx_url: z.string().nullable(),
});

export const deposit = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  /** The channel address the user sent to. */
  address: z.string(),
  /** The channel was a demo one when the user sent (its address is a burn address). */
  demo: z.boolean(),
  amount: decimal,
  txid: z.string().nullable(),
  images: z.array(z.object({ id: z.number().int(), url: z.string() })),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
  /** Set for a deposit the chain watcher found (issue 39); null for one a user reported. */
  chain: depositChain.nullable(),
});

export const withdrawal = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  amount: decimal,
  fee: decimal,
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  created_at: timestamp,
  reviewed_at: timestamp.nullable(),
  /**
   * The payout's transaction: on a network with a node the hot wallet's once signed; on a network checked by hand
   * the one the operator gave when completing it (null when none was given).
   */
  tx_hash: z.string().nullable().optional(),
  /** The network's explorer page of `tx_hash`, when the network has an explorer template. */
  explorer_url: z.string().nullable().optional(),
  /** Blocks on top of (and including) the one that mined it, and how many completion needs. */
  confirmations: z.number().int().optional(),
  confirmations_required: z.number().int().optional(),
  /** When it was completed (paid out): the operator's review, or the chain's confirmations; null until then. */
  completed_at: timestamp.nullable().optional(),
});

/** A network a currency can be withdrawn on, with its fee and limits (shown before confirming). */
export const withdrawNetwork = z.object({
  currency: z.string(),
  network: z.string(),
  fee: decimal,
  min_amount: decimal,
  max_amount: decimal,
  /** The currency's decimals: amounts with more places are refused. */
  decimals: z.number().int(),
});

/** price: units of `to` for one `from`; receive = amount x price - fee, fee in `to`. */
export const exchangeQuote = z.object({
  quote_id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: decimal,
  price: decimal,
  fee: decimal,
  fee_rate: decimal,
  receive: decimal,
  expires_at: timestamp,
});

export const exchange = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  amount: decimal,
  price: decimal,
  fee: decimal,
  receive: decimal,
  created_at: timestamp,
});

export const bill = z.object({
  id: z.number().int(),
  /**
   * The journal entry the posting belongs to: postings of one entry on two of the user's own accounts (available to
   * frozen, available to staking custody) are a transfer, which the bills show as one line, not as income.
   */
  entry_id: z.number().int(),
  type: z.string(),
  currency: z.string(),
  /** available or frozen */
  account: z.string(),
  amount: decimal,
  balance_after: decimal,
  ref: z.string().nullable(),
  created_at: timestamp,
});

/** A currency and its decimals: amounts of it are shown with this precision (and refused with more). */
export const currencyInfo = z.object({ code: z.string(), name: z.string(), decimals: z.number().int() });

export const fundsCalls = {
  currencies: defineCall({
    method: "GET",
    path: "/api/index/currencies",
    auth: "none",
    summary: "Enabled currencies with their decimals: every amount shows with its currency's precision",
    data: z.object({ items: z.array(currencyInfo) }),
  }),
  listDepositChannels: defineCall({
    method: "POST",
    path: "/api/index/rechargechannels",
    auth: "user",
    summary:
      "Deposit channels: currency, network, address (on an on-chain network, the user's own, allocated on first ask)",
    data: z.object({ items: z.array(depositChannel) }),
  }),
  submitDeposit: defineCall({
    method: "POST",
    path: "/api/index/dorecharge",
    auth: "user",
    summary: "Submit a deposit with proof images",
    body: z.object({
      channel_id: id,
      amount: amountString(8),
      txid: z.string().trim().max(128).optional(),
      images: uploadIds,
    }),
    data: deposit,
  }),
  listDeposits: defineCall({
    method: "POST",
    path: "/api/index/getrecharge",
    auth: "user",
    summary: "My deposits",
    query: pageQuery,
    data: paged(deposit),
  }),
  requestWithdrawal: defineCall({
    method: "POST",
    path: "/api/index/dowithdraw",
    auth: "user",
    summary: "Request a withdrawal; needs the emailed code for event withdraw",
    body: z.object({
      currency: currencyCode,
      network: networkName,
      address: z.string().trim().min(10).max(128),
      amount: amountString(8),
      code: codeString,
      /** Required when the account has TOTP on: a current authenticator code or an unused recovery code. */
      totp: secondFactorString.optional(),
    }),
    data: withdrawal,
  }),
  getWithdrawalOptions: defineCall({
    method: "POST",
    path: "/api/index/withdrawinfo",
    auth: "user",
    summary: "Withdrawal networks with fee, minimum and maximum per currency; whether real-name is required",
    body: z.object({ currency: currencyCode.optional() }),
    data: z.object({
      items: z.array(withdrawNetwork),
      requires_real_name: z.boolean(),
      real_name_status: z.enum(REAL_NAME_STATUSES),
    }),
  }),
  listWithdrawals: defineCall({
    method: "POST",
    path: "/api/index/getwithdraw",
    auth: "user",
    summary: "My withdrawals",
    query: pageQuery,
    data: paged(withdrawal),
  }),
  quoteExchange: defineCall({
    method: "POST",
    path: "/api/index/duihuanquote",
    auth: "user",
    summary: "Quote an exchange: price, fee, receive, expiry",
    body: z.object({ from: currencyCode, to: currencyCode, amount: amountString(8) }),
    data: exchangeQuote,
  }),
  exchange: defineCall({
    method: "POST",
    path: "/api/index/duihuan",
    auth: "user",
    summary: "Execute a quoted exchange",
    body: z.object({ quote_id: z.string().trim().min(8).max(64) }),
    data: exchange,
  }),
  listExchanges: defineCall({
    method: "POST",
    path: "/api/index/getduihuanlog",
    auth: "user",
    summary: "My exchanges",
    query: pageQuery,
    data: paged(exchange),
  }),
  listBills: defineCall({
    method: "POST",
    path: "/api/index/getmoneylog",
    auth: "user",
    summary: "My bills: every ledger posting on my accounts, newest first",
    query: pageQuery.extend({ type: z.string().max(32).optional(), currency: currencyCode.optional() }),
    data: paged(bill),
  }),
  upload: defineCall({
    method: "POST",
    path: "/api/common/upload",
    auth: "user",
    summary:
      "Store one image (multipart field `file`): png, jpeg or webp, at most 10 MB. `url` is signed and short-lived; " +
      "it serves the image to its owner and operators only",
    multipart: true,
    data: z.object({ id: z.number().int(), url: z.string() }),
  }),
};
