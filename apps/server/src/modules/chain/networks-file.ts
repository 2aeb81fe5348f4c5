import { readFileSync } from "node:fs";
import { currencyCode, NETWORKS, networkName } from "@cryptos/contract";
import { z } from "zod";

/**
 * The on-chain networks file named by CHAIN_NETWORKS_FILE (issue 39): per network its chain, node, confirmations,
 * the account-level extended public key deposit addresses derive from, and per currency a native coin (`token:
 * null`) or an ERC-20 contract. Only EVM networks can have a node here; the rest stay checked by hand.
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

export const chainNetworkSchema = z.object({
  network: networkName.refine((name) => NETWORKS[name] === "evm", { error: "only an EVM network can have a node" }),
  chain_id: z.number().int().min(1),
  rpc_url: z.url({ protocol: /^https?$/ }),
  confirmations: z.number().int().min(1).max(1000),
  /** The extended public key of the account m/44'/60'/0'; a user's deposit address is its child 0/i. */
  xpub: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, { error: "an xpub (base58, starting with xpub)" }),
  /** `{hash}` is replaced by a transaction's hash. */
  explorer_tx_url: z.string().includes("{hash}").optional(),
  currencies: z.array(chainCurrencySchema).min(1),
});

export const networksFileSchema = z.object({ networks: z.array(chainNetworkSchema) }).superRefine((file, ctx) => {
  const seen = new Set<string>();
  for (const [i, n] of file.networks.entries()) {
    if (seen.has(n.network))
      ctx.addIssue({ code: "custom", path: ["networks", i, "network"], message: "listed twice" });
    seen.add(n.network);
    const currencies = new Set<string>();
    for (const [j, c] of n.currencies.entries()) {
      if (currencies.has(c.currency)) {
        ctx.addIssue({ code: "custom", path: ["networks", i, "currencies", j, "currency"], message: "listed twice" });
      }
      currencies.add(c.currency);
    }
  }
});

export type ChainNetworkConfig = z.infer<typeof chainNetworkSchema>;
export type ChainCurrencyConfig = z.infer<typeof chainCurrencySchema>;
export type NetworksFile = z.infer<typeof networksFileSchema>;

/** Reads and checks the file; every problem is named with its place in the file, never silently skipped. */
export function readNetworksFile(path: string): NetworksFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`CHAIN_NETWORKS_FILE ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = networksFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`);
    throw new Error(`CHAIN_NETWORKS_FILE ${path} is not valid:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
