import type { adminWithdrawal, hotWalletBalance } from "@cryptos/contract";
import type { Address, PublicClient } from "viem";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { ChainSends, ChainSendView, WithdrawalRow } from "../funds/withdrawals";
import type { HotWallet } from "./hot-wallet";
import type { ChainCurrencyConfig, ChainNetworkConfig } from "./networks-file";
import type { ChainRegistry } from "./registry";
import { rpcClient } from "./rpc";
import { loadViem } from "./viem";
import { follow } from "./withdrawals-follower";
import * as operatorActions from "./withdrawals-operator";
import * as repo from "./withdrawals-repo";
import {
  type ChainWithdrawalsDeps,
  rebroadcast,
  runSteps,
  type SendContext,
  type SendPassHooks,
  signQueued,
} from "./withdrawals-sender";

export type { ChainWithdrawalsDeps, SendPassHooks } from "./withdrawals-sender";

type WithdrawalView = z.infer<typeof adminWithdrawal>;

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
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The stored networks (decision 109), shared with the chain service: a console save is seen at once. */
    private readonly registry: ChainRegistry,
    private readonly hotWallet: HotWallet | undefined,
    private readonly deps: ChainWithdrawalsDeps,
  ) {}

  /** What the sender's, follower's and operator's steps (withdrawals-*.ts) share. */
  private async ctx(): Promise<SendContext> {
    return {
      db: this.db,
      clock: this.clock,
      hotWallet: await this.hotWallet?.account(),
      deps: this.deps,
      network: (name) => this.network(name),
      client: (network) => this.client(network),
      refresh: () => this.registry.refresh(),
    };
  }

  private network(name: string): ChainNetworkConfig | undefined {
    return this.registry.get(name)?.config;
  }

  /** Whether HOT_WALLET_KEY_FILE is set: withdrawals on the networks with a node are sent. */
  get hasHotWallet(): boolean {
    return this.hotWallet !== undefined;
  }

  /** The hot wallet's address (public), when its key file is set. */
  async hotAddress(): Promise<Address | undefined> {
    return (await this.hotWallet?.account())?.address;
  }

  /** Whether the network of a withdrawal an operator completes has a node (asked on the stored list as it is now). */
  async sends(tx: Tx, network: string, currency: string): Promise<boolean> {
    await this.registry.refresh(tx);
    return this.currencyOf(network, currency) !== undefined;
  }

  private currencyOf(network: string, currency: string): ChainCurrencyConfig | undefined {
    return this.network(network)?.currencies.find((c) => c.currency === currency);
  }

  private async client(network: ChainNetworkConfig): Promise<PublicClient> {
    return this.registry.get(network.network)?.client ?? rpcClient(network);
  }

  /** An operator lets a held withdrawal be sent, past the daily limit (audited). */
  async approve(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return operatorActions.approve(await this.ctx(), operatorId, ip, id);
  }

  /** Replaces a stuck transaction with a higher fee at the same nonce (withdrawals-operator.ts), audited. */
  async speedUp(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return operatorActions.speedUp(await this.ctx(), operatorId, ip, id);
  }

  /** Replaces a stuck transaction with a zero-value one to the hot wallet itself (withdrawals-operator.ts), audited. */
  async cancel(operatorId: number, ip: string | undefined, id: number): Promise<WithdrawalView> {
    return operatorActions.cancel(await this.ctx(), operatorId, ip, id);
  }

  /**
   * Takes a withdrawal an operator completed, in the review's transaction: queued to be sent, or held when it
   * would take the currency's sends today (UTC) past the network's `hot_wallet_daily_limit`. The limit is counted
   * under a lock, so two completions at once cannot both slip under it.
   */
  async queue(tx: Tx, w: WithdrawalRow): Promise<void> {
    const network = this.network(w.network);
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
      const sent = await this.releasedSince(tx, w.network, w.currency, startOfUtcDay(now));
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

  /**
   * One pass over every network: broadcast again what is stored and not yet taken by the node, sign and send what
   * is queued, then follow what was sent. Without the hot wallet's key nothing is sent (withdrawals wait).
   * Every network is tried; the first failure is thrown at the end for the worker to log.
   */
  async pass(hooks: SendPassHooks = {}): Promise<void> {
    if (!this.hotWallet) return;
    await this.registry.refresh();
    const failures: unknown[] = [];
    const ctx = await this.ctx();
    for (const network of this.registry.configs()) {
      await runSteps(
        [
          () => rebroadcast(ctx, network, failures),
          () => signQueued(ctx, network, hooks, failures),
          () => follow(ctx, network),
        ],
        failures,
      );
    }
    if (failures.length) throw failures[0];
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
    await this.registry.refresh(conn);
    for (const row of rows) {
      const network = this.network(row.network);
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
    const hot = await this.hotWallet?.account();
    if (!hot) return { configured: false, items: [] };
    const since = startOfUtcDay(this.clock.now());
    const items: z.infer<typeof hotWalletBalance>[] = [];
    await this.registry.refresh();
    for (const network of this.registry.configs()) {
      const client = await this.client(network);
      for (const currency of network.currencies) {
        const balance = await this.balanceOf(client, hot.address, currency).catch(() => null);
        const waiting = await this.deps.funds.withdrawalsTotal(
          this.db,
          await repo.waitingToSend(this.db, network.network, currency.currency),
          { skipFailed: false },
        );
        const sentToday = await this.releasedSince(this.db, network.network, currency.currency, since);
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

  /** What was let through to be sent since `since` (failed sends do not count: nothing left the wallet for them). */
  private async releasedSince(conn: Db | Tx, network: string, currency: string, since: Date): Promise<string> {
    const ids = await repo.releasedSince(conn, network, currency, since);
    return this.deps.funds.withdrawalsTotal(conn, ids, { skipFailed: true });
  }

  private async balanceOf(client: PublicClient, address: Address, currency: ChainCurrencyConfig): Promise<string> {
    const { erc20Abi, formatUnits } = await loadViem();
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
