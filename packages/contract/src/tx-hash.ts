import { NETWORKS } from "./calls/funds";

/** The longest transaction reference an operator may give for a network whose format is not known. */
export const TX_HASH_MAX = 128;
const TX_HASH_MIN = 8;

/** How each address format's chains spell a transaction hash. */
const TX_HASH_FORMATS: Record<(typeof NETWORKS)[keyof typeof NETWORKS], RegExp> = {
  evm: /^0x[0-9a-fA-F]{64}$/,
  tron: /^[0-9a-fA-F]{64}$/,
  bitcoin: /^[0-9a-fA-F]{64}$/,
};

/**
 * Each network's public explorer page of a transaction (decision 121), for withdrawals an operator paid out by hand.
 * A network the hot wallet sends on takes its networks file's `explorer_tx_url` instead.
 */
export const EXPLORER_TX_URLS: Record<keyof typeof NETWORKS, string> = {
  TRC20: "https://tronscan.org/#/transaction/{hash}",
  ERC20: "https://etherscan.io/tx/{hash}",
  BEP20: "https://bscscan.com/tx/{hash}",
  Polygon: "https://polygonscan.com/tx/{hash}",
  Arbitrum: "https://arbiscan.io/tx/{hash}",
  Bitcoin: "https://mempool.space/tx/{hash}",
};

const known = (network: string): network is keyof typeof NETWORKS => Object.hasOwn(NETWORKS, network);

/**
 * What is wrong with `hash` as a transaction of `network`, or null: the network's format where it is known (EVM
 * networks 0x and 64 hex digits, TRON and Bitcoin 64 hex digits), else printable text of 8 to TX_HASH_MAX
 * characters without spaces.
 */
export function txHashIssue(network: string, hash: string): "format" | null {
  if (known(network)) return TX_HASH_FORMATS[NETWORKS[network]].test(hash) ? null : "format";
  return hash.length >= TX_HASH_MIN && hash.length <= TX_HASH_MAX && /^[\x21-\x7e]+$/.test(hash) ? null : "format";
}

/** The explorer page of `hash` on `network`, or null when the network has no template. */
export function explorerTxUrl(network: string, hash: string): string | null {
  return known(network) ? EXPLORER_TX_URLS[network].replace("{hash}", encodeURIComponent(hash)) : null;
}
