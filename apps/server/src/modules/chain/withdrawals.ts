import type { adminWithdrawal, hotWalletBalance } from "@cryptos/contract";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseTransaction,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { withdrawals as withdrawalsTable } from "../../db/schema";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { ChainSends, ChainSendView, WithdrawalsService } from "../funds/withdrawals";
import type { ChainCurrencyConfig, ChainNetworkConfig } from "./networks-file";
import { rpcClient } from "./rpc";
import * as repo from "./withdrawals-repo";

type WithdrawalRow = typeof withdrawalsTable.$inferSelect;
type WithdrawalView = z.infer<typeof adminWithdrawal>;

export interface ChainWithdrawalsDeps {
  withdrawals: WithdrawalsService;
  admin: AdminService;
}

/** A test's way to stop a pass between two of its steps, as a crash would. */
export interface SendPassHooks {
  /** Runs after a signed transaction is stored, before it is broadcast. */
  afterStore?: (hash: Hex) => void | Promise<void>;
}

class StoppedByHook extends Error {
  constructor(override readonly cause: unknown) {
    super("stopped by a hook");
  }
}

/** Gas when the node's estimate fails (a transfer the token will refuse still goes out; its receipt says so). */
const FALLBACK_GAS = { token: 120_000n, native: 21_000n };
/** A replacement must pay at least 10% more than the transaction it replaces (geth, anvil); we pay 12.5%. */
const bump = (fee: bigint) => (fee * 9n) / 8n + 1n;
/** Broadcast answers that mean the node already has this transaction (or its nonce is mined: the receipt decides). */
const ALREADY_SENT = /already known|already imported|known transaction|nonce too low|nonce has already been used/i;

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The hot wallet's sender (issue 39 item 4). A withdrawal an operator completes on a network with a node is queued
 * here (or held, over the daily limit, for an operator's approval); a pass signs each queued one with the wallet's
 * next nonce (taken under the database's lock), stores the signed transaction and its hash, and only then
 * broadcasts it. A crash between two steps repeats the step: a stored transaction is broadcast again as it is,
 * never signed anew. Receipts are followed to the network's confirmations; then the withdrawals service pays it out
 * (mined) or returns the funds (reverted, or dropped: its nonce used by another transaction).
 */
export class ChainWithdrawalsService implements ChainSends {
  private readonly byName: Map<string, ChainNetworkConfig>;
  private readonly clients = new Map<string, PublicClient>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    networks: ChainNetworkConfig[],
    private readonly hotWallet: LocalAccount | undefined,
    private readonly deps: ChainWithdrawalsDeps,
  ) {
    this.byName = new Map(networks.map((n) => [n.network, n]));
  }

  /** The hot wallet's address (public), when its key file is set. */
  get hotAddress(): Address | undefined {
    return this.hotWallet?.address;
  }

  get hasNetworks(): boolean {
    return this.byName.size > 0;
  }

  sends(network: string, currency: string): boolean {
    return this.currencyOf(network, currency) !== undefined;
  }

  private currencyOf(network: string, currency: string): ChainCurrencyConfig | undefined {
    return this.byName.get(network)?.currencies.find((c) => c.currency === currency);
  }

  private client(network: ChainNetworkConfig): PublicClient {
    let client = this.clients.get(network.network);
    if (!client) {
      client = rpcClient(network);
      this.clients.set(network.network, client);
    }
    return client;
  }

  /**
   * Takes a withdrawal an operator completed, in the review's transaction: queued to be sent, or held when it
   * would take the currency's sends today (UTC) past the network's `hot_wallet_daily_limit`. The limit is counted
   * under a lock, so two completions at once cannot both slip under it.
   */
  async queue(tx: Tx, w: WithdrawalRow): Promise<void> {
    const network = this.byName.get(w.network);
    const currency = this.currencyOf(w.network, w.currency);
    if (!network || !currency) throw new Error(`${w.currency} on ${w.network} is not sent on chain`);
    const units = new Money(w.amount).times(new Money(10).pow(currency.decimals));
    if (!units.isInteger()) {
      throw new Refusal("withdraw_chain_precision", { currency: w.currency, decimals: currency.decimals });
    }
    const now = this.clock.now();
    let held = false;
    if (currency.hot_wallet_daily_limit !== undefined) {
      await repo.lockDailyLimit(tx, w.network, w.currency);
      const sent = await repo.releasedSince(tx, w.network, w.currency, startOfUtcDay(now));
      held = new Money(sent).plus(w.amount).gt(currency.hot_wallet_daily_limit);
    }
    await repo.insertChainWithdrawal(tx, {
      withdrawalId: w.id,
      network: w.network,
      chainId: network.chain_id,
      currency: w.currency,
      token: currency.token,
      units: units.toFixed(0),
      state: held ? "held" : "queued",
      queuedAt: now,
      releasedAt: held ? null : now,
      updatedAt: now,
    });
  }

  /** An operator lets a held withdrawal be sent, past the daily limit (audited). */
  async approve(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return withTransaction(this.db, async (tx) => {
      const row = await repo.lockChainWithdrawal(tx, id);
      if (row?.state !== "held") throw new Refusal("withdraw_not_held", { id });
      const now = this.clock.now();
      await repo.updateChainWithdrawal(tx, id, {
        state: "queued",
        approvedBy: operatorId,
        approvedAt: now,
        releasedAt: now,
        updatedAt: now,
      });
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "withdrawal.approve_send",
        target: { type: "withdrawal", id },
        before: { state: "held" },
        after: { state: "queued", network: row.network, currency: row.currency },
        ip,
      });
      return this.deps.withdrawals.view(tx, id);
    });
  }

  /**
   * One pass over every network: broadcast again what is stored and not yet taken by the node, sign and send what
   * is queued, then follow what was sent. Without the hot wallet's key nothing is sent (withdrawals wait).
   * Every network is tried; the first failure is thrown at the end for the worker to log.
   */
  async pass(hooks: SendPassHooks = {}): Promise<void> {
    if (!this.hotWallet) return;
    const failures: unknown[] = [];
    for (const network of this.byName.values()) {
      for (const step of [
        () => this.rebroadcast(network, failures),
        () => this.signQueued(network, hooks, failures),
        () => this.follow(network),
      ]) {
        try {
          await step();
        } catch (error) {
          // A test's hook stops the whole pass there, as a crash would.
          if (error instanceof StoppedByHook) throw error.cause;
          failures.push(error);
        }
      }
    }
    if (failures.length) throw failures[0];
  }

  /** What the transfer of one withdrawal is: a token's transfer(to, units), or the native coin's value. */
  private transfer(row: repo.ChainWithdrawalRow, to: Address) {
    const units = BigInt(new Money(row.units).toFixed(0));
    return row.token
      ? {
          to: row.token as Address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] }),
          value: 0n,
        }
      : { to, data: undefined, value: units };
  }

  private async gasFor(client: PublicClient, row: repo.ChainWithdrawalRow, call: ReturnType<typeof this.transfer>) {
    const hot = this.hotWallet as LocalAccount;
    try {
      // A fifth more than the estimate: the node estimates on its pending state, which our other sends change.
      return ((await client.estimateGas({ account: hot.address, ...call })) * 6n) / 5n;
    } catch {
      return row.token ? FALLBACK_GAS.token : FALLBACK_GAS.native;
    }
  }

  /** Whether the hot wallet holds what this transfer needs now (else it stays queued: no nonce is spent on it). */
  private async covers(client: PublicClient, row: repo.ChainWithdrawalRow, gasCost: bigint): Promise<boolean> {
    const hot = (this.hotWallet as LocalAccount).address;
    const units = BigInt(new Money(row.units).toFixed(0));
    const native = await client.getBalance({ address: hot });
    if (!row.token) return native >= units + gasCost;
    const tokens = await client.readContract({
      address: row.token as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [hot],
    });
    return native >= gasCost && tokens >= units;
  }

  private async signQueued(network: ChainNetworkConfig, hooks: SendPassHooks, failures: unknown[]) {
    const hot = this.hotWallet as LocalAccount;
    const client = this.client(network);
    const skipped = new Set<number>();
    for (;;) {
      const candidate = (await repo.listInState(this.db, network.network, ["queued"])).find(
        (r) => !skipped.has(r.withdrawalId),
      );
      if (!candidate) return;
      const destination = await this.deps.withdrawals.destination(this.db, candidate.withdrawalId);
      const call = this.transfer(candidate, destination as Address);
      const [gas, fees, chainCount] = await Promise.all([
        this.gasFor(client, candidate, call),
        client.estimateFeesPerGas(),
        client.getTransactionCount({ address: hot.address, blockTag: "pending" }),
      ]);
      if (!(await this.covers(client, candidate, gas * fees.maxFeePerGas))) {
        skipped.add(candidate.withdrawalId);
        continue;
      }
      const stored = await withTransaction(this.db, async (tx) => {
        const row = await repo.claimQueued(tx, network.network, candidate.withdrawalId);
        if (!row) return undefined;
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
        const hash = keccak256(raw);
        const now = this.clock.now();
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
        return { raw, hash };
      });
      skipped.add(candidate.withdrawalId);
      if (!stored) continue;
      try {
        await hooks.afterStore?.(stored.hash);
      } catch (error) {
        throw new StoppedByHook(error);
      }
      await this.broadcast(client, stored.raw, stored.hash).catch((error: unknown) => failures.push(error));
    }
  }

  /** Sends a stored transaction as it is; the node already having it (or its nonce mined) counts as sent. */
  private async broadcast(client: PublicClient, raw: Hex, hash: Hex) {
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ""}` : "";
      if (!ALREADY_SENT.test(text)) throw error;
    }
    await repo.markBroadcast(this.db, hash, this.clock.now());
  }

  /** Stored transactions the node has not taken yet (a crash after storing, a node that was down). */
  private async rebroadcast(network: ChainNetworkConfig, failures: unknown[]) {
    const client = this.client(network);
    const sent = await repo.listInState(this.db, network.network, ["sent"]);
    const txs = await repo.findTxs(
      this.db,
      sent.map((r) => r.withdrawalId),
    );
    for (const tx of txs) {
      if (tx.broadcastAt) continue;
      await this.broadcast(client, tx.raw as Hex, tx.hash as Hex).catch((error: unknown) => failures.push(error));
    }
  }

  /** The receipt of whichever stored transaction of the withdrawal was mined, if any. */
  private async minedReceipt(client: PublicClient, txs: repo.ChainTxRow[]) {
    for (const tx of txs) {
      try {
        return await client.getTransactionReceipt({ hash: tx.hash as Hex });
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      }
    }
    return undefined;
  }

  private async knownToNode(client: PublicClient, txs: repo.ChainTxRow[]) {
    for (const tx of txs) {
      try {
        await client.getTransaction({ hash: tx.hash as Hex });
        return true;
      } catch (error) {
        if (!(error instanceof TransactionNotFoundError)) throw error;
      }
    }
    return false;
  }

  /**
   * Follows each sent withdrawal: confirmations counted from its receipt, completed at the network's N (or failed,
   * funds returned, when the receipt says reverted); with no receipt and no stored transaction known to the node,
   * dropped when its nonce is used by another transaction, else broadcast again.
   */
  private async follow(network: ChainNetworkConfig) {
    const client = this.client(network);
    const sent = await repo.listInState(this.db, network.network, ["sent"]);
    if (!sent.length) return;
    // viem keeps a block number for 4 s by default; confirmations are counted on the node's head now.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const row of sent) {
      const txs = await repo.findTxs(this.db, [row.withdrawalId]);
      const receipt = await this.minedReceipt(client, txs);
      if (receipt) {
        const confirmations = Math.max(0, Number(head - receipt.blockNumber) + 1);
        const mined = { minedHash: receipt.transactionHash, minedBlock: Number(receipt.blockNumber), confirmations };
        if (confirmations < network.confirmations) {
          await repo.updateChainWithdrawal(this.db, row.withdrawalId, { ...mined, updatedAt: this.clock.now() });
          continue;
        }
        const cancelled = txs.some((t) => t.hash === receipt.transactionHash && t.kind === "cancel");
        const outcome = cancelled
          ? ({ paid: false, reason: "chain_cancelled" } as const)
          : receipt.status === "success"
            ? ({ paid: true, hash: receipt.transactionHash } as const)
            : ({ paid: false, reason: "chain_reverted" } as const);
        await this.finish(row.withdrawalId, outcome, mined);
        continue;
      }
      const latest = txs.at(-1);
      if (!latest || (await this.knownToNode(client, txs))) continue;
      const used = await client.getTransactionCount({ address: row.hotAddress as Address, blockTag: "latest" });
      if (row.nonce !== null && used > row.nonce) {
        await this.finish(row.withdrawalId, { paid: false, reason: "chain_dropped" }, {});
      } else {
        await this.broadcast(client, latest.raw as Hex, latest.hash as Hex);
      }
    }
  }

  private finish(
    id: number,
    outcome: { paid: true; hash: string } | { paid: false; reason: string },
    mined: Partial<Pick<repo.ChainWithdrawalRow, "minedHash" | "minedBlock" | "confirmations">>,
  ) {
    return withTransaction(this.db, async (tx) => {
      const row = await repo.lockChainWithdrawal(tx, id);
      if (row?.state !== "sent") return;
      await this.deps.withdrawals.finishOnChain(tx, id, outcome);
      await repo.updateChainWithdrawal(tx, id, { ...mined, state: "done", updatedAt: this.clock.now() });
    });
  }

  /**
   * Replaces a sent, unmined transaction with one paying a higher fee at the same nonce (at least 12.5% more on
   * both fee caps, and no less than the node's estimate now), stored before it is broadcast and audited. Both
   * hashes are followed; whichever is mined completes the withdrawal, and the nonce pays it once.
   */
  speedUp(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return this.replace(operatorId, ip, id, "transfer");
  }

  /**
   * An operator's "mark failed" on a sent, unmined withdrawal, made safe: a zero-value transfer from the hot wallet
   * to itself at the same nonce and a higher fee, stored before broadcast and audited. If it is mined, the withdrawal
   * fails and its funds return; if the original is mined first, it completes. Either way the nonce pays once.
   */
  cancel(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return this.replace(operatorId, ip, id, "cancel");
  }

  private async replace(
    operatorId: number,
    ip: string | undefined,
    id: number,
    kind: "transfer" | "cancel",
  ): Promise<WithdrawalView> {
    const hot = this.hotWallet;
    const found = (await repo.findChainWithdrawals(this.db, [id]))[0];
    const network = found && this.byName.get(found.network);
    if (!hot || !found || !network || found.state !== "sent" || found.minedHash) {
      throw new Refusal("withdraw_not_stuck", { id });
    }
    const client = this.client(network);
    const txs = await repo.findTxs(this.db, [id]);
    const last = txs.at(-1);
    if (!last || (await this.minedReceipt(client, txs))) throw new Refusal("withdraw_not_stuck", { id });
    const destination = await this.deps.withdrawals.destination(this.db, id);
    const call =
      kind === "cancel"
        ? { to: hot.address, data: undefined, value: 0n }
        : this.transfer(found, destination as Address);
    // The same gas as the transaction it replaces: an estimate now would run after it, on a state it changed.
    const gas =
      kind === "cancel"
        ? FALLBACK_GAS.native
        : (parseTransaction(last.raw as Hex).gas ?? (await this.gasFor(client, found, call)));
    const estimate = await client.estimateFeesPerGas();
    const maxPriorityFeePerGas = [bump(BigInt(toAmount(last.maxPriorityFeePerGas))), estimate.maxPriorityFeePerGas];
    const maxFeePerGas = [bump(BigInt(toAmount(last.maxFeePerGas))), estimate.maxFeePerGas];
    const fees = {
      maxPriorityFeePerGas: maxPriorityFeePerGas.reduce((a, b) => (a > b ? a : b)),
      maxFeePerGas: maxFeePerGas.reduce((a, b) => (a > b ? a : b)),
    };
    if (fees.maxFeePerGas < fees.maxPriorityFeePerGas) fees.maxFeePerGas = fees.maxPriorityFeePerGas;
    const stored = await withTransaction(this.db, async (tx) => {
      const row = await repo.lockChainWithdrawal(tx, id);
      if (row?.state !== "sent" || row.nonce === null || row.minedHash) throw new Refusal("withdraw_not_stuck", { id });
      const raw = await hot.signTransaction({
        type: "eip1559",
        chainId: network.chain_id,
        nonce: row.nonce,
        gas,
        ...fees,
        ...call,
      });
      const hash = keccak256(raw);
      await repo.insertTx(tx, {
        withdrawalId: id,
        hash,
        raw,
        kind,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        createdAt: this.clock.now(),
      });
      await this.deps.admin.audit(tx, {
        operatorId,
        action: kind === "cancel" ? "withdrawal.cancel_send" : "withdrawal.speed_up",
        target: { type: "withdrawal", id },
        before: { hash: last.hash, max_fee_per_gas: toAmount(last.maxFeePerGas) },
        after: { hash, max_fee_per_gas: fees.maxFeePerGas.toString(), nonce: row.nonce },
        ip,
      });
      return { raw, hash };
    });
    await this.broadcast(client, stored.raw, stored.hash);
    return this.deps.withdrawals.view(this.db, id);
  }

  /** What users and operators see of these withdrawals' sends. */
  async views(conn: Db | Tx, ids: number[]): Promise<Map<number, ChainSendView>> {
    const rows = await repo.findChainWithdrawals(conn, ids);
    if (!rows.length) return new Map();
    const txs = await repo.findTxs(
      conn,
      rows.map((r) => r.withdrawalId),
    );
    const views = new Map<number, ChainSendView>();
    for (const row of rows) {
      const network = this.byName.get(row.network);
      const own = txs.filter((t) => t.withdrawalId === row.withdrawalId);
      const hash = row.minedHash ?? own.at(-1)?.hash ?? null;
      views.set(row.withdrawalId, {
        tx_hash: hash,
        explorer_url: hash && network?.explorer_tx_url ? network.explorer_tx_url.replace("{hash}", hash) : null,
        confirmations: row.confirmations,
        confirmations_required: network?.confirmations ?? 0,
        chain: {
          state: row.state as "held" | "queued" | "sent" | "done",
          held: row.state === "held",
          nonce: row.nonce,
          hashes: own.map((t) => ({
            hash: t.hash,
            max_fee_per_gas: toAmount(t.maxFeePerGas),
            broadcast: t.broadcastAt !== null,
            cancel: t.kind === "cancel",
          })),
          approved_by: row.approvedBy,
        },
      });
    }
    return views;
  }

  /**
   * The hot wallet per network and currency: what it holds on chain beside what waits to be sent (held, queued,
   * sent and not mined), and today's sends beside the daily limit. `short` warns the console.
   */
  async hotWalletBalances(): Promise<{ configured: boolean; items: z.infer<typeof hotWalletBalance>[] }> {
    const hot = this.hotWallet;
    if (!hot) return { configured: false, items: [] };
    const since = startOfUtcDay(this.clock.now());
    const items: z.infer<typeof hotWalletBalance>[] = [];
    for (const network of this.byName.values()) {
      const client = this.client(network);
      for (const currency of network.currencies) {
        const balance = await this.balanceOf(client, hot.address, currency).catch(() => null);
        const waiting = await repo.waitingToSend(this.db, network.network, currency.currency);
        const sentToday = await repo.releasedSince(this.db, network.network, currency.currency, since);
        items.push({
          network: network.network,
          currency: currency.currency,
          address: hot.address,
          balance,
          waiting: toAmount(waiting),
          sent_today: toAmount(sentToday),
          daily_limit: currency.hot_wallet_daily_limit ?? null,
          short: balance === null || new Money(balance).lt(waiting),
        });
      }
    }
    return { configured: true, items };
  }

  private async balanceOf(client: PublicClient, address: Address, currency: ChainCurrencyConfig): Promise<string> {
    const units = currency.token
      ? await client.readContract({
          address: currency.token as Address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [address],
        })
      : await client.getBalance({ address });
    return toAmount(formatUnits(units, currency.decimals));
  }
}
