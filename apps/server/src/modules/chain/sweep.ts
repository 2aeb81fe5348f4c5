// The operator's sweep runs in the CLI only, never in the server: it imports viem as usual (decision 085).
import {
  type Address,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { Money } from "../../lib/decimal";
import type { AdminService } from "../admin/service";
import type { ChainCurrencyConfig, ChainNetworkConfig } from "./networks-file";
import * as repo from "./repo";
import { chainOf, rpcClient } from "./rpc";
import { takeNonce } from "./withdrawals-repo";

/** One step of a sweep: a gas top-up from the hot wallet, or a deposit address's balance moved to it. */
export interface SweepStep {
  network: string;
  index: number;
  address: string;
  currency: string;
  kind: "gas" | "sweep";
  /** Decimal, in the currency's on-chain units (never rounded). */
  amount: string;
  /** Native coin the step's sender pays for gas at most (decimal). */
  gas: string;
  tx_hash: Hex | null;
}

export interface SweepInput {
  db: Db;
  admin: AdminService;
  networks: ChainNetworkConfig[];
  /** The signer of deposit address 0/index: derived from the operator's mnemonic, held only while the sweep runs. */
  signerAt: (index: number) => LocalAccount;
  hotWallet: LocalAccount;
  dryRun: boolean;
  /** Told each step as it is planned (dry run) or mined. */
  onStep?: (step: SweepStep) => void;
}

/** The account-level xpub (m/44'/60'/0') of a mnemonic: what the networks file must name for the sweep to run. */
export const accountXpubOf = (mnemonic: string): string =>
  mnemonicToAccount(mnemonic.trim().replace(/\s+/g, " "), { path: "m/44'/60'/0'" }).getHdKey().publicExtendedKey;

/** The signers of a mnemonic's deposit addresses (m/44'/60'/0'/0/index). */
export const depositSigners =
  (mnemonic: string) =>
  (index: number): LocalAccount =>
    mnemonicToAccount(mnemonic.trim().replace(/\s+/g, " "), { addressIndex: index });

/** Why the mnemonic may not sweep these networks (its xpub is not theirs), or undefined. */
export function mnemonicProblem(mnemonic: string, networks: ChainNetworkConfig[]): string | undefined {
  let xpub: string;
  try {
    xpub = accountXpubOf(mnemonic);
  } catch {
    return "the standard input is not a mnemonic";
  }
  const other = networks.filter((n) => n.xpub !== xpub).map((n) => n.network);
  return other.length
    ? `the mnemonic's m/44'/60'/0' xpub is not the one CHAIN_NETWORKS_FILE names for ${other.join(", ")}; nothing was sent`
    : undefined;
}

const NATIVE_TRANSFER_GAS = 21_000n;
/** When the node cannot estimate a token transfer (an address without gas on some nodes). */
const FALLBACK_TOKEN_GAS = 100_000n;

class NetworkSweep {
  readonly steps: SweepStep[] = [];
  private gasPrice = 0n;

  private constructor(
    private readonly input: SweepInput,
    private readonly network: ChainNetworkConfig,
    private readonly client: PublicClient,
    private readonly chain: Chain,
  ) {}

  static async of(input: SweepInput, network: ChainNetworkConfig): Promise<NetworkSweep> {
    return new NetworkSweep(input, network, await rpcClient(network), await chainOf(network));
  }

  private get native(): ChainCurrencyConfig | undefined {
    return this.network.currencies.find((c) => !c.token);
  }

  private wallet(account: LocalAccount) {
    return createWalletClient({ account, chain: this.chain, transport: http(this.network.rpc_url) });
  }

  private record(step: Omit<SweepStep, "network">) {
    const full = { network: this.network.network, ...step };
    this.steps.push(full);
    this.input.onStep?.(full);
  }

  async run() {
    // Legacy gas pricing: a native sweep leaves exactly nothing behind (value = balance - gas * price).
    this.gasPrice = await this.client.getGasPrice();
    for (const row of await repo.addressesOn(this.input.db, this.network.network)) {
      const signer = this.input.signerAt(row.index);
      if (signer.address.toLowerCase() !== row.address.toLowerCase()) {
        throw new Error(`deposit address ${row.index} (${row.address}) is not the mnemonic's 0/${row.index}`);
      }
      // Tokens first: their transfers need the address's native coin for gas.
      for (const c of this.network.currencies) if (c.token) await this.sweepToken(row.index, signer, c);
      if (this.native) await this.sweepNative(row.index, signer, this.native);
    }
  }

  private async sweepToken(index: number, signer: LocalAccount, c: ChainCurrencyConfig) {
    const token = c.token as Address;
    const units = await this.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [signer.address],
    });
    if (units === 0n) return;
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [this.input.hotWallet.address, units],
    });
    const gas = await this.client
      .estimateGas({ account: signer.address, to: token, data })
      .then((g) => (g * 6n) / 5n)
      .catch(() => FALLBACK_TOKEN_GAS);
    const needed = gas * this.gasPrice;
    const has = await this.client.getBalance({ address: signer.address });
    if (has < needed) await this.topUp(index, signer.address, needed - has);
    const hash = this.input.dryRun
      ? null
      : await this.mined(
          this.wallet(signer).sendTransaction({
            to: token,
            data,
            gas,
            gasPrice: this.gasPrice,
            type: "legacy",
            account: signer,
            chain: this.chain,
          }),
        );
    this.record({
      index,
      address: signer.address,
      currency: c.currency,
      kind: "sweep",
      amount: formatUnits(units, c.decimals),
      gas: formatUnits(needed, 18),
      tx_hash: hash,
    });
  }

  /** The hot wallet sends just enough native coin for one token transfer, with a nonce the withdrawals share. */
  private async topUp(index: number, to: Address, value: bigint) {
    const gas = NATIVE_TRANSFER_GAS;
    let hash: Hex | null = null;
    if (!this.input.dryRun) {
      const hot = this.input.hotWallet;
      const chainCount = await this.client.getTransactionCount({ address: hot.address, blockTag: "pending" });
      const nonce = await withTransaction(this.input.db, (tx) =>
        takeNonce(tx, this.network.network, hot.address, chainCount),
      );
      const raw = await hot.signTransaction({
        type: "legacy",
        chainId: this.network.chain_id,
        nonce,
        gas,
        gasPrice: this.gasPrice,
        to,
        value,
      });
      hash = await this.mined(this.client.sendRawTransaction({ serializedTransaction: raw }));
    }
    this.record({
      index,
      address: to,
      currency: this.native?.currency ?? "gas",
      kind: "gas",
      amount: formatUnits(value, 18),
      gas: formatUnits(gas * this.gasPrice, 18),
      tx_hash: hash,
    });
  }

  private async sweepNative(index: number, signer: LocalAccount, c: ChainCurrencyConfig) {
    const fee = NATIVE_TRANSFER_GAS * this.gasPrice;
    const balance = await this.client.getBalance({ address: signer.address });
    // Less than its own gas is dust: left where it is.
    if (balance <= fee) return;
    const value = balance - fee;
    const hash = this.input.dryRun
      ? null
      : await this.mined(
          this.wallet(signer).sendTransaction({
            to: this.input.hotWallet.address,
            value,
            gas: NATIVE_TRANSFER_GAS,
            gasPrice: this.gasPrice,
            type: "legacy",
            account: signer,
            chain: this.chain,
          }),
        );
    this.record({
      index,
      address: signer.address,
      currency: c.currency,
      kind: "sweep",
      amount: formatUnits(value, c.decimals),
      gas: formatUnits(fee, 18),
      tx_hash: hash,
    });
  }

  /** Waits for the transaction's receipt; a reverted one stops the sweep (what moved so far is still audited). */
  private async mined(sent: Promise<Hex>): Promise<Hex> {
    const hash = await sent;
    const receipt = await this.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return hash;
  }
}

/**
 * Moves every allocated deposit address's balance to the hot wallet (issue 39 item 5): for each token the address
 * holds, gas from the hot wallet first when the address lacks it, then the whole token balance; then its native
 * coin less the gas of that transfer. A dry run reads the same balances and sends nothing. A real sweep writes one
 * audit entry (`chain.sweep`, operator none: the command line) with what moved, also when it stops half way.
 */
export async function sweep(input: SweepInput): Promise<SweepStep[]> {
  const steps: SweepStep[] = [];
  let failure: unknown;
  for (const network of input.networks) {
    let run: NetworkSweep | undefined;
    try {
      run = await NetworkSweep.of(input, network);
      await run.run();
    } catch (error) {
      failure = error;
    }
    steps.push(...(run?.steps ?? []));
    if (failure) break;
  }
  if (!input.dryRun) {
    await input.admin.audit(input.db, {
      operatorId: null,
      action: "chain.sweep",
      target: { type: "hot_wallet", id: input.hotWallet.address },
      after: {
        networks: input.networks.map((n) => n.network),
        steps,
        ...(failure ? { stopped: failure instanceof Error ? failure.message.split("\n")[0] : String(failure) } : {}),
      },
      reason: "cli",
    });
  }
  if (failure) throw failure;
  return steps;
}

/** Totals per network and currency of what was (or would be) swept, for the summary. */
export function sweepTotals(
  steps: SweepStep[],
): { network: string; currency: string; amount: string; addresses: number }[] {
  const totals = new Map<string, { network: string; currency: string; amount: Money; addresses: Set<string> }>();
  for (const s of steps) {
    if (s.kind !== "sweep") continue;
    const key = `${s.network}:${s.currency}`;
    const t = totals.get(key) ?? {
      network: s.network,
      currency: s.currency,
      amount: new Money(0),
      addresses: new Set(),
    };
    t.amount = t.amount.plus(s.amount);
    t.addresses.add(s.address);
    totals.set(key, t);
  }
  return [...totals.values()].map((t) => ({
    network: t.network,
    currency: t.currency,
    amount: t.amount.toFixed(),
    addresses: t.addresses.size,
  }));
}
