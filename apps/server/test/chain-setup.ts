import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  parseEther,
  type WalletClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { ANVIL_KEYS, type Anvil } from "../devchain/anvil";
import { compileTestToken, deployTestToken } from "../devchain/token";
import type { ChainNetworkConfig } from "../src/modules/chain/networks-file";

// Compiled when a chain test file loads, outside its set-up hook's time (solc takes seconds on a busy machine).
const { abi } = compileTestToken();

/** What the chain tests stand on: a real anvil node with a TestUSDT compiled by solc, and a sender holding both. */
export interface TokenChain {
  /** Reads the node. */
  chain: PublicClient;
  /** Mines, snapshots, reverts, sets balances. */
  testClient: ReturnType<typeof createTestClient>;
  /** Anvil's first account, which deployed the token (its first transaction on this chain). */
  deployer: WalletClient;
  /** The TestUSDT (6 decimals). */
  token: Address;
  abi: ReturnType<typeof compileTestToken>["abi"];
  /** A fresh key holding `ether` and 10^12 token units: nobody's deposit address (anvil's own accounts are the xpub's children 0/0, 0/1...). */
  sender: WalletClient;
}

/** Deploys a TestUSDT on `anvil` and funds a fresh sender with `ether` and 10^12 of the token's units. */
export async function tokenChain(anvil: Anvil, ether = "100"): Promise<TokenChain> {
  const transport = http(anvil.rpcUrl);
  const chain = createPublicClient({ chain: foundry, transport });
  const testClient = createTestClient({ mode: "anvil", chain: foundry, transport });
  const deployer = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0]), chain: foundry, transport });
  const token = await deployTestToken(deployer, chain, 6);
  const account = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: account.address, value: parseEther(ether) });
  await chain.waitForTransactionReceipt({
    hash: await deployer.writeContract({
      address: token,
      abi,
      functionName: "mint",
      args: [account.address, 10n ** 12n],
      account: deployer.account!,
      chain: foundry,
    }),
  });
  const sender = createWalletClient({ account, chain: foundry, transport });
  return { chain, testClient, deployer, token, abi, sender };
}

/** A network's USDT (the TestUSDT at `token`) and native ETH, with the fees and minimums the chain tests use. */
export const usdtAndEth = (token: Address): ChainNetworkConfig["currencies"] => [
  { currency: "USDT", token, decimals: 6, min_deposit: "1", withdraw_fee: "1" },
  { currency: "ETH", token: null, decimals: 18, min_deposit: "0.001", withdraw_fee: "0.0005" },
];

/** Writes `networks` as a CHAIN_NETWORKS_FILE in a fresh temporary folder and answers its path. */
export function networksFile(networks: ChainNetworkConfig[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "cryptos-chain-")), "networks.json");
  writeFileSync(file, JSON.stringify({ networks }));
  return file;
}
