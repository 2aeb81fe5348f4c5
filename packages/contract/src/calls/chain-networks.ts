import { z } from "zod";
import { decimal, timestamp } from "../envelope";
import { defineCall } from "./define";
import { currencyCode, NETWORKS, networkName } from "./funds";

/**
 * A network with a node (issue 39 item 1), one schema for both ways in: the CHAIN_NETWORKS_FILE an install is
 * scripted with, and the console's save (decision 109). Only EVM networks can have a node; the rest stay checked
 * by hand.
 */
const decimalText = z.string().regex(/^\d{1,15}(\.\d{1,18})?$/, { error: 'a decimal such as "0.001"' });
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: "a 0x address of 40 hex digits" });

export const chainCurrencySchema = z.object({
  currency: currencyCode,
  /** The ERC-20 contract, or null for the chain's native coin. */
  token: evmAddress.nullable(),
  decimals: z.number().int().min(0).max(36),
  min_deposit: decimalText,
  withdraw_fee: decimalText,
  /**
   * What the hot wallet may send of this currency on this network per UTC day; a withdrawal beyond it waits for an
   * operator's approval. Absent: no limit.
   */
  hot_wallet_daily_limit: decimalText.optional(),
});

const chainNetworkFields = z.object({
  network: networkName.refine((name) => NETWORKS[name] === "evm", { error: "only an EVM network can have a node" }),
  chain_id: z.number().int().min(1),
  rpc_url: z.url({ protocol: /^https?$/ }),
  confirmations: z.number().int().min(1).max(1000),
  /** The extended public key of the account m/44'/60'/0'; a user's deposit address is its child 0/i. */
  xpub: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, { error: "an xpub (base58, starting with xpub)" }),
  /** `{hash}` is replaced by a transaction's hash. */
  explorer_tx_url: z.string().includes("{hash}").optional(),
  currencies: z.array(chainCurrencySchema).min(1).max(20),
});

/** A currency once per network, and one native coin at most. */
function distinctCurrencies(n: { currencies: ChainCurrencyConfig[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const [j, c] of n.currencies.entries()) {
    if (seen.has(c.currency)) {
      ctx.addIssue({ code: "custom", path: ["currencies", j, "currency"], message: "listed twice" });
    }
    seen.add(c.currency);
  }
  if (n.currencies.filter((c) => c.token === null).length > 1) {
    ctx.addIssue({ code: "custom", path: ["currencies"], message: "only one native coin per network" });
  }
}

export const chainNetworkSchema = chainNetworkFields.superRefine(distinctCurrencies);

export type ChainNetworkConfig = z.infer<typeof chainNetworkSchema>;
export type ChainCurrencyConfig = z.infer<typeof chainCurrencySchema>;

/**
 * A console save: the file's shape, except that `rpc_url` may be left out when editing (the stored URL is kept;
 * the console never receives a node's full URL, which may carry an API key).
 */
export const chainNetworkInput = chainNetworkFields
  .extend({ rpc_url: z.url({ protocol: /^https?$/ }).optional() })
  .superRefine(distinctCurrencies);

// ---- what the console shows of the networks: their watchers, their deposits, the reconciliation ----

/** A network with a node, as the chain watcher follows it (issue 39): the node's host only, never its URL. */
export const adminChainNetwork = z.object({
  network: z.string(),
  /** `file`: set by CHAIN_NETWORKS_FILE, read-only in the console; `console`: added there (decision 109). */
  source: z.enum(["file", "console"]),
  chain_id: z.number().int(),
  node: z.string(),
  confirmations: z.number().int(),
  /** The account xpub deposit addresses derive from (public: it can derive addresses, never spend). */
  xpub: z.string(),
  explorer_tx_url: z.string().nullable(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      /** The ERC-20 contract, or null for the network's native coin. */
      token: z.string().nullable(),
      decimals: z.number().int(),
      min_deposit: decimal,
      withdraw_fee: decimal,
      hot_wallet_daily_limit: z.string().nullable(),
    }),
  ),
  /** The watcher's cursor and the node's head when last asked; null before the first pass. */
  block: z.number().int().nullable(),
  head: z.number().int().nullable(),
  lag: z.number().int().nullable(),
  passed_at: timestamp.nullable(),
  last_error: z.string().nullable(),
  last_error_at: timestamp.nullable(),
});

/**
 * One currency on one network in the reconciliation (issue 39 item 6): what users hold in the ledger beside what
 * the chain holds, exact in the chain's units. A currency on several networks is owed once, so `chain_total`,
 * `difference` and `flagged` are its sums over its networks. Chain figures are null when the node did not answer.
 */
export const adminChainReconcileRow = z.object({
  network: z.string(),
  currency: z.string(),
  /** The block every balance of this network was read at. */
  block: z.number().int().nullable(),
  /** The sum of the postings of every user account in the currency (available, frozen, custody). */
  users: decimal,
  hot_wallet: decimal.nullable(),
  deposit_addresses: decimal.nullable(),
  /** hot_wallet + deposit_addresses on this network. */
  chain: decimal.nullable(),
  chain_total: decimal.nullable(),
  /** chain_total - users: negative means the chain holds less than users are owed. */
  difference: decimal.nullable(),
  flagged: z.boolean(),
  error: z.string().nullable(),
});

/** A deposit the watcher saw on chain, beside the user's deposit row it credits. */
export const adminChainDeposit = z.object({
  id: z.number().int(),
  deposit_id: z.number().int(),
  user_id: z.number().int(),
  network: z.string(),
  currency: z.string(),
  tx_hash: z.string(),
  /** The ERC-20 log's index; -1 for a native transfer. */
  log_index: z.number().int(),
  block: z.number().int(),
  /** The on-chain integer, in the token's smallest units. */
  raw_amount: z.string(),
  /** What is (or will be) credited: truncated to the currency's places. */
  amount: decimal,
  /** What the truncation left out: never credited. */
  remainder: decimal,
  /** confirming, credited, dropped (a reorg removed it) or below_minimum (recorded, never credited). */
  status: z.string(),
  confirmations: z.number().int(),
  required: z.number().int(),
  created_at: timestamp,
});

export const chainNetworkCalls = {
  adminChainNetworkSave: defineCall({
    method: "POST",
    path: "/api/admin/chain/network/save",
    auth: "operator",
    summary:
      "Add or edit a network with a node (not one of CHAIN_NETWORKS_FILE's): checked like the file at start (the node's chain id, each token's decimals(), the xpub), refused when a change would strand money; audited",
    body: chainNetworkInput,
    data: z.object({ network: z.string() }),
  }),
  adminChainNetworkRemove: defineCall({
    method: "POST",
    path: "/api/admin/chain/network/remove",
    auth: "operator",
    summary: "Remove a console-added network that has no deposit addresses and no unfinished withdrawals; audited",
    body: z.object({ network: networkName }),
    data: z.object({ network: z.string() }),
  }),
};
