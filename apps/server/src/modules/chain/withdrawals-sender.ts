import type { Address, Hex, LocalAccount, PublicClient } from "viem";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money } from "../../lib/decimal";
import type { AdminService } from "../admin/service";
import type { OnChainFunds } from "../funds/on-chain";
import type { WithdrawalsService } from "../funds/withdrawals";
import type { ChainNetworkConfig } from "./networks-file";
import { loadViem } from "./viem";
import * as repo from "./withdrawals-repo";

export interface ChainWithdrawalsDeps {
  withdrawals: WithdrawalsService;
  admin: AdminService;
  /** The amounts of the withdrawals sent (the daily limit, what waits in the hot wallet). */
  funds: Pick<OnChainFunds, "withdrawalsTotal">;
}

/** What the sender's, follower's and operator's steps share: the database, the wallet, the networks' nodes. */
export interface SendContext {
  db: Db;
  clock: Clock;
  hotWallet: LocalAccount | undefined;
  deps: ChainWithdrawalsDeps;
  network(name: string): ChainNetworkConfig | undefined;
  client(network: ChainNetworkConfig): Promise<PublicClient>;
  refresh(): Promise<void>;
}

/** A test's way to stop a pass between two of its steps, as a crash would. */
export interface SendPassHooks {
  /** Runs after a signed transaction is stored, before it is broadcast. */
  afterStore?: (hash: Hex) => void | Promise<void>;
}

export class StoppedByHook extends Error {
  constructor(override readonly cause: unknown) {
    super("stopped by a hook");
  }
}

/**
 * Runs a pass's steps in order, each network's failures kept for the end so one network's node cannot stop another's;
 * a test's hook (StoppedByHook) stops the whole pass there, as a crash would. Throws the first failure.
 */
export async function runSteps(steps: (() => Promise<unknown>)[], failures: unknown[]): Promise<void> {
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      if (error instanceof StoppedByHook) throw error.cause;
      failures.push(error);
    }
  }
}

/** The network's explorer page of `hash`, when its settings have a template. */
export const explorerOf = (network: ChainNetworkConfig, hash: string) =>
  network.explorer_tx_url ? network.explorer_tx_url.replace("{hash}", hash) : null;

/** Gas when the node's estimate fails (a transfer the token will refuse still goes out; its receipt says so). */
export const FALLBACK_GAS = { token: 120_000n, native: 21_000n };
/** Broadcast answers that mean the node already has this transaction (or its nonce is mined: the receipt decides). */
export const ALREADY_SENT =
  /already known|already imported|known transaction|nonce too low|nonce has already been used/i;

/*
 * Sending (decision 107): each queued withdrawal signed with the hot wallet's next nonce (taken under the
 * database's lock), stored with its hash, and only then broadcast; a stored one the node has not taken is broadcast
 * again as it is, never signed anew.
 */

/** A call the hot wallet makes: where, how much native coin, and the data (a token transfer or an anchor's root). */
export interface HotCall {
  to: Address;
  value: bigint;
  data: Hex | undefined;
}

/**
 * Takes the hot wallet's next nonce and signs `call` with it, inside the caller's transaction: the nonce, the signed
 * bytes and the row that records them commit together or not at all (withdrawals and anchors share the sequence).
 */
export async function signWithNextNonce(
  tx: Tx,
  hot: LocalAccount,
  network: ChainNetworkConfig,
  chainCount: number,
  gas: bigint,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  call: HotCall,
): Promise<{ nonce: number; raw: Hex; hash: Hex }> {
  const { keccak256 } = await loadViem();
  const nonce = await repo.takeNonce(tx, network.network, hot.address, chainCount);
  const raw = await hot.signTransaction({
    type: "eip1559",
    chainId: network.chain_id,
    nonce,
    gas,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    ...call,
  });
  return { nonce, raw, hash: keccak256(raw) };
}

/** What the transfer of one withdrawal is: a token's transfer(to, units), or the native coin's value. */
export async function transfer(row: repo.ChainWithdrawalRow, to: Address): Promise<HotCall> {
  const { encodeFunctionData, erc20Abi } = await loadViem();
  const units = BigInt(new Money(row.units).toFixed(0));
  return row.token
    ? {
        to: row.token as Address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] }),
        value: 0n,
      }
    : { to, data: undefined, value: units };
}

export async function gasFor(ctx: SendContext, client: PublicClient, row: repo.ChainWithdrawalRow, call: HotCall) {
  const hot = ctx.hotWallet as LocalAccount;
  try {
    // A fifth more than the estimate: the node estimates on its pending state, which our other sends change.
    return ((await client.estimateGas({ account: hot.address, ...call })) * 6n) / 5n;
  } catch {
    return row.token ? FALLBACK_GAS.token : FALLBACK_GAS.native;
  }
}

/** Whether the hot wallet holds what this transfer needs now (else it stays queued: no nonce is spent on it). */
async function covers(
  ctx: SendContext,
  client: PublicClient,
  row: repo.ChainWithdrawalRow,
  gasCost: bigint,
): Promise<boolean> {
  const hot = (ctx.hotWallet as LocalAccount).address;
  const units = BigInt(new Money(row.units).toFixed(0));
  const native = await client.getBalance({ address: hot });
  if (!row.token) return native >= units + gasCost;
  const { erc20Abi } = await loadViem();
  const tokens = await client.readContract({
    address: row.token as Address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [hot],
  });
  return native >= gasCost && tokens >= units;
}

export async function signQueued(
  ctx: SendContext,
  network: ChainNetworkConfig,
  hooks: SendPassHooks,
  failures: unknown[],
) {
  const hot = ctx.hotWallet as LocalAccount;
  const client = await ctx.client(network);
  const skipped = new Set<number>();
  for (;;) {
    const candidate = (await repo.listInState(ctx.db, network.network, ["queued"])).find(
      (r) => !skipped.has(r.withdrawalId),
    );
    if (!candidate) return;
    const destination = await ctx.deps.withdrawals.destination(ctx.db, candidate.withdrawalId);
    const call = await transfer(candidate, destination as Address);
    const [gas, fees, chainCount] = await Promise.all([
      gasFor(ctx, client, candidate, call),
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: hot.address, blockTag: "pending" }),
    ]);
    if (!(await covers(ctx, client, candidate, gas * fees.maxFeePerGas))) {
      skipped.add(candidate.withdrawalId);
      continue;
    }
    const stored = await withTransaction(ctx.db, async (tx) => {
      const row = await repo.claimQueued(tx, network.network, candidate.withdrawalId);
      if (!row) return undefined;
      const { nonce, raw, hash } = await signWithNextNonce(tx, hot, network, chainCount, gas, fees, call);
      const now = ctx.clock.now();
      await repo.insertTx(tx, {
        withdrawalId: row.withdrawalId,
        hash,
        raw,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        createdAt: now,
      });
      await repo.updateChainWithdrawal(tx, row.withdrawalId, {
        state: "sent",
        hotAddress: hot.address,
        nonce,
        updatedAt: now,
      });
      await ctx.deps.withdrawals.sentOnChain(tx, row.withdrawalId, hash, explorerOf(network, hash));
      return { raw, hash };
    });
    skipped.add(candidate.withdrawalId);
    if (!stored) continue;
    try {
      await hooks.afterStore?.(stored.hash);
    } catch (error) {
      throw new StoppedByHook(error);
    }
    await broadcast(ctx, client, stored.raw, stored.hash).catch((error: unknown) => failures.push(error));
  }
}

/** Sends a stored transaction as it is; the node already having it (or its nonce mined) counts as sent. */
export async function broadcast(ctx: SendContext, client: PublicClient, raw: Hex, hash: Hex) {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ""}` : "";
    if (!ALREADY_SENT.test(text)) throw error;
  }
  await repo.markBroadcast(ctx.db, hash, ctx.clock.now());
}

/** Stored transactions the node has not taken yet (a crash after storing, a node that was down). */
export async function rebroadcast(ctx: SendContext, network: ChainNetworkConfig, failures: unknown[]) {
  const sent = await repo.listInState(ctx.db, network.network, ["sent"]);
  const txs = await repo.findTxs(
    ctx.db,
    sent.map((r) => r.withdrawalId),
  );
  const unsent = txs.filter((tx) => !tx.broadcastAt);
  if (!unsent.length) return;
  const client = await ctx.client(network);
  for (const tx of unsent) {
    await broadcast(ctx, client, tx.raw as Hex, tx.hash as Hex).catch((error: unknown) => failures.push(error));
  }
}
