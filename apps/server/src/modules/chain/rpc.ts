import type { Chain, PublicClient } from "viem";
import type { ChainNetworkConfig } from "./networks-file";
import { loadViem } from "./viem";

/** How long one JSON-RPC request may take before it counts as the node being slow or down. */
const RPC_TIMEOUT_MS = 10_000;

/** The viem chain for a network of the file: its id and node, nothing assumed about a public chain. */
export async function chainOf(network: ChainNetworkConfig): Promise<Chain> {
  const { defineChain } = await loadViem();
  return defineChain({
    id: network.chain_id,
    name: network.network,
    nativeCurrency: { name: "native", symbol: "NATIVE", decimals: 18 },
    rpcUrls: { default: { http: [network.rpc_url] } },
  });
}

/**
 * The one way the server talks to a node: a viem public client over HTTP with a bounded timeout and no retries of
 * its own (the watcher and the signer decide when to try again, and say so on the console and in metrics).
 */
export async function rpcClient(network: ChainNetworkConfig): Promise<PublicClient> {
  const { createPublicClient, http } = await loadViem();
  return createPublicClient({
    chain: await chainOf(network),
    // viem keeps the block number for its polling interval by default; the watcher must see the node's own.
    cacheTime: 0,
    transport: http(network.rpc_url, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
  });
}
