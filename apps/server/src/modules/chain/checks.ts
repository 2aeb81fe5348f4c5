import type { Address, PublicClient } from "viem";
import type { Db, Tx } from "../../db/client";
import type { MessageKey, MessageParams } from "../../i18n/translate";
import type { OnChainFunds } from "../funds/on-chain";
import { xpubProblem } from "./addresses";
import type { ChainNetworkConfig } from "./networks-file";
import * as networksRepo from "./networks-repo";
import * as repo from "./repo";
import { loadViem } from "./viem";

/** The funds module's count of a network's withdrawals not yet done (a network with them may not lose a currency). */
type OpenWithdrawals = Pick<OnChainFunds, "unfinishedWithdrawals">;

/** What is wrong with a network's settings, as a message key and its params (the operator's language on a save). */
export interface NetworkProblem {
  key: MessageKey;
  params: MessageParams;
}

/** Only the node's host in messages and the audit: an RPC URL's path or query often carries an API key. */
export const nodeName = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "the node";
  }
};
const why = (error: unknown) => (error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error));

/**
 * The check a network passes at start and on every save: the xpub derives addresses, the node answers with the
 * settings' chain id, each currency is the app's, and each token's decimals() is the settings' (decision 109).
 * Answers the node's head block number when all is well, for a new network's cursor.
 */
export async function checkNetwork(
  client: PublicClient,
  n: ChainNetworkConfig,
  isCurrency: (code: string) => Promise<boolean>,
): Promise<NetworkProblem | { head: { number: bigint; hash: string; parentHash: string } }> {
  const network = n.network;
  const node = nodeName(n.rpc_url);
  const xpub = await xpubProblem(n.xpub);
  if (xpub) return { key: "chain_xpub_invalid", params: { network, error: xpub } };
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    return { key: "chain_node_silent", params: { network, node, expected: n.chain_id, error: why(error) } };
  }
  if (chainId !== n.chain_id) {
    return { key: "chain_id_mismatch", params: { network, node, seen: chainId, expected: n.chain_id } };
  }
  for (const c of n.currencies) {
    if (!(await isCurrency(c.currency)))
      return { key: "chain_currency_unknown", params: { network, currency: c.currency } };
    if (!c.token) continue;
    const params = { network, currency: c.currency, token: c.token, expected: c.decimals };
    let decimals: number;
    try {
      const { erc20Abi } = await loadViem();
      decimals = await client.readContract({ address: c.token as Address, abi: erc20Abi, functionName: "decimals" });
    } catch (error) {
      return { key: "chain_decimals_silent", params: { ...params, error: why(error) } };
    }
    if (decimals !== c.decimals) return { key: "chain_decimals_mismatch", params: { ...params, seen: decimals } };
  }
  try {
    const block = await client.getBlock({ blockTag: "latest" });
    return { head: { number: block.number as bigint, hash: block.hash as string, parentHash: block.parentHash } };
  } catch (error) {
    return { key: "chain_node_silent", params: { network, node, expected: n.chain_id, error: why(error) } };
  }
}

/**
 * Changes that would strand money, refused whoever makes them (a console save, a changed networks file): another
 * chain id once the watcher has a cursor on the network; another xpub once deposit addresses derive from the old
 * one; a currency dropped while the network has deposit addresses (users may still send it) or unfinished
 * withdrawals of it.
 */
export async function strandProblem(
  db: Db | Tx,
  funds: OpenWithdrawals,
  before: ChainNetworkConfig | undefined,
  next: ChainNetworkConfig,
): Promise<NetworkProblem | undefined> {
  const network = next.network;
  const cursor = await repo.findCursor(db, network);
  if (cursor && cursor.chainId !== next.chain_id) {
    return { key: "chain_id_locked", params: { network, seen: cursor.chainId, expected: next.chain_id } };
  }
  const addresses = await networksRepo.addressCount(db, network);
  if (addresses > 0 && before && before.xpub !== next.xpub) {
    return { key: "chain_xpub_locked", params: { network, addresses } };
  }
  for (const c of before?.currencies ?? []) {
    if (next.currencies.some((n) => n.currency === c.currency)) continue;
    const withdrawals = await funds.unfinishedWithdrawals(db, network, c.currency);
    if (addresses > 0 || withdrawals > 0) {
      return { key: "chain_currency_in_use", params: { network, currency: c.currency, addresses, withdrawals } };
    }
  }
  return undefined;
}

/** Whether a network may be removed: no deposit address was handed out on it and no withdrawal on it is open. */
export async function removeProblem(
  db: Db | Tx,
  funds: OpenWithdrawals,
  network: string,
): Promise<NetworkProblem | undefined> {
  const addresses = await networksRepo.addressCount(db, network);
  const withdrawals = await funds.unfinishedWithdrawals(db, network);
  return addresses > 0 || withdrawals > 0
    ? { key: "chain_network_in_use", params: { network, addresses, withdrawals } }
    : undefined;
}

/** A network's settings as the audit keeps them: the node's host only (its URL may carry an API key). */
export const shownSettings = (n: ChainNetworkConfig) => ({ ...n, rpc_url: nodeName(n.rpc_url) });

/** Key order aside (PostgreSQL's jsonb keeps its own), whether two settings are the same. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
export const sameSettings = (a: ChainNetworkConfig, b: ChainNetworkConfig) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
