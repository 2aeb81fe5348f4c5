import { readFileSync } from "node:fs";
import {
  type ChainCurrencyConfig,
  type ChainNetworkConfig,
  chainCurrencySchema,
  chainNetworkSchema,
} from "@cryptos/contract";
import { z } from "zod";

export type { ChainCurrencyConfig, ChainNetworkConfig };
/**
 * The on-chain networks file named by CHAIN_NETWORKS_FILE (issue 39): per network its chain, node, confirmations,
 * the account-level extended public key deposit addresses derive from, and per currency a native coin (`token:
 * null`) or an ERC-20 contract. Its network schema is the contract's, the one the console's save is held to.
 */
export { chainCurrencySchema, chainNetworkSchema };

export const networksFileSchema = z.object({ networks: z.array(chainNetworkSchema) }).superRefine((file, ctx) => {
  const seen = new Set<string>();
  for (const [i, n] of file.networks.entries()) {
    if (seen.has(n.network))
      ctx.addIssue({ code: "custom", path: ["networks", i, "network"], message: "listed twice" });
    seen.add(n.network);
  }
});

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
