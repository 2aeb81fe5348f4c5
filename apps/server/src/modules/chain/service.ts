import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { depositAddressAt, xpubProblem } from "./addresses";
import { ChainDepositBook } from "./book";
import type { ChainCurrencyConfig, ChainNetworkConfig } from "./networks-file";
import { chainHoldings, shortOf } from "./reconcile";
import * as repo from "./repo";
import { rpcClient } from "./rpc";
import { NetworkWatcher, type PassOutcome } from "./watcher";

/** What the stored channel of an on-chain network says instead of an address: every user has their own. */
export const OWN_ADDRESS_CHANNEL = "on-chain (own address per user)";

export interface ChainLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The on-chain terms of a currency on a network, as Recharge shows them. */
export interface OnChainTerms {
  confirmations: number;
  min_deposit: string;
}

/** A chain deposit's progress beside its deposit row (Recharge log, console). */
export interface DepositChainView {
  tx_hash: string;
  confirmations: number;
  required: number;
  tx_url: string | null;
}

/** Only the node's host in messages: an RPC URL's path or query often carries an API key. */
const nodeName = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "the node";
  }
};
const why = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

/**
 * The on-chain networks of CHAIN_NETWORKS_FILE: checked against their nodes at start, a deposit address per user
 * (derived from the network's xpub: the server holds no deposit key), and the watcher's passes.
 */
export class ChainService {
  readonly book: ChainDepositBook;
  private readonly watchers: NetworkWatcher[];
  private readonly clients = new Map<string, PublicClient>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly networks: ChainNetworkConfig[],
    private readonly deps: { ledger: LedgerService; messages: MessagesService; log?: ChainLog | undefined },
  ) {
    this.book = new ChainDepositBook(db, clock, deps);
    this.watchers = networks.map((n) => {
      const client = rpcClient(n);
      this.clients.set(n.network, client);
      return new NetworkWatcher(db, clock, n, client, this.book);
    });
  }

  private network(name: string) {
    return this.networks.find((n) => n.network === name);
  }

  private currencyOn(currency: string, network: string): ChainCurrencyConfig | undefined {
    return this.network(network)?.currencies.find((c) => c.currency === currency);
  }

  /** The terms when `currency` on `network` is credited from the chain; undefined when it is checked by hand. */
  terms(currency: string, network: string): OnChainTerms | undefined {
    const n = this.network(network);
    const c = this.currencyOn(currency, network);
    return n && c ? { confirmations: n.confirmations, min_deposit: toAmount(c.min_deposit) } : undefined;
  }

  /**
   * At start: each network's node answers with the file's chain id, each token's decimals() matches, each currency
   * is one of the app's; any mismatch or silent node stops the start with what was expected and what was seen.
   * Then the networks' channels replace their currencies' demo ones and each watcher gets a cursor at the node's head.
   */
  async prepare(): Promise<void> {
    for (const n of this.networks) {
      const where = `CHAIN_NETWORKS_FILE, network ${n.network}`;
      const client = this.clients.get(n.network) as PublicClient;
      const problem = xpubProblem(n.xpub);
      if (problem) throw new Error(`${where}: the xpub ${problem}`);
      let chainId: number;
      try {
        chainId = await client.getChainId();
      } catch (error) {
        throw new Error(
          `${where}: the node at ${nodeName(n.rpc_url)} did not answer (expected chain id ${n.chain_id}): ${why(error)}`,
        );
      }
      if (chainId !== n.chain_id) {
        throw new Error(
          `${where}: the node at ${nodeName(n.rpc_url)} is chain id ${chainId}, the file says ${n.chain_id}`,
        );
      }
      for (const c of n.currencies) {
        const currency = await this.deps.ledger.currency(c.currency).catch(() => undefined);
        if (!currency) throw new Error(`${where}, currency ${c.currency}: not a currency of this app`);
        if (!c.token) continue;
        let decimals: number;
        try {
          decimals = await client.readContract({
            address: c.token as Address,
            abi: erc20Abi,
            functionName: "decimals",
          });
        } catch (error) {
          throw new Error(
            `${where}, currency ${c.currency}: the contract ${c.token} did not answer decimals() (expected ${c.decimals}): ${why(error)}`,
          );
        }
        if (decimals !== c.decimals) {
          throw new Error(
            `${where}, currency ${c.currency}: the contract ${c.token} says decimals() = ${decimals}, the file says ${c.decimals}`,
          );
        }
      }
      const cursor = await repo.findCursor(this.db, n.network);
      if (cursor && cursor.chainId !== n.chain_id) {
        throw new Error(
          `${where}: the watcher followed chain id ${cursor.chainId} on this network, the file now says ${n.chain_id}; a network's chain cannot change under its deposits`,
        );
      }
      for (const c of n.currencies) {
        await repo.claimChannel(this.db, c.currency, n.network, OWN_ADDRESS_CHANNEL);
        await repo.disableDemoChannels(this.db, c.currency);
        await repo.applyWithdrawFee(this.db, c.currency, n.network, c.withdraw_fee, c.min_deposit);
      }
      if (!cursor) {
        const head = await client.getBlock({ blockTag: "latest" });
        await repo.insertCursor(this.db, { network: n.network, chainId: n.chain_id, block: head.number as bigint });
        await repo.saveBlocks(this.db, [
          { network: n.network, number: head.number as bigint, hash: head.hash as string, parentHash: head.parentHash },
        ]);
      }
    }
  }

  /**
   * The user's own address on `network`, allocated on the first ask: the index comes from one sequence (nextval),
   * so concurrent asks never share one; of two first asks of one user, the second finds the first's row.
   */
  async addressFor(userId: number, network: string): Promise<Address> {
    const n = this.network(network);
    if (!n) throw new Error(`network ${network} is not on chain`);
    const existing = await repo.findDepositAddress(this.db, userId, network);
    if (existing) return getAddress(existing.address);
    const index = await repo.nextAddressIndex(this.db);
    const address = depositAddressAt(n.xpub, index);
    const created = await repo.insertDepositAddress(this.db, {
      userId,
      network,
      index,
      address: address.toLowerCase(),
      createdAt: this.clock.now(),
    });
    if (created) return address;
    const winner = await repo.findDepositAddress(this.db, userId, network);
    if (!winner) throw new Error(`deposit address of user ${userId} on ${network} vanished`);
    return getAddress(winner.address);
  }

  /** One pass of every network's watcher; a network whose node fails keeps its cursor and shows the error. */
  async pass(): Promise<Map<string, PassOutcome | Error>> {
    const outcomes = new Map<string, PassOutcome | Error>();
    for (const watcher of this.watchers) {
      const name = watcher.network.network;
      try {
        const outcome = await watcher.pass();
        outcomes.set(name, outcome);
        if (outcome.rolledBackTo !== undefined) {
          this.deps.log?.warn({ network: name, block: outcome.rolledBackTo.toString() }, "chain reorg: rolled back");
        }
        if (outcome.note) {
          await repo.updateCursor(this.db, name, { lastError: outcome.note, lastErrorAt: this.clock.now() });
        }
      } catch (error) {
        const message = why(error) ?? "unknown error";
        outcomes.set(name, error instanceof Error ? error : new Error(message));
        this.deps.log?.warn({ network: name, err: message }, "chain watcher pass failed");
        await repo
          .updateCursor(this.db, name, { lastError: message.slice(0, 500), lastErrorAt: this.clock.now() })
          .catch(() => {});
      }
    }
    return outcomes;
  }

  /** The chain progress of deposit rows, for the Recharge log and the console. */
  async depositViews(conn: Db | Tx, depositIds: number[]): Promise<Map<number, DepositChainView>> {
    const rows = await repo.chainDepositsOf(conn, depositIds);
    return new Map(
      rows.map((r) => {
        const template = this.network(r.network)?.explorer_tx_url;
        return [
          r.depositId,
          {
            tx_hash: r.txHash,
            confirmations: r.confirmations,
            required: r.required,
            tx_url: template ? template.replace("{hash}", r.txHash) : null,
          },
        ];
      }),
    );
  }

  /**
   * Reconciliation (issue 39 item 6): per currency and network of the file, what users hold in the ledger beside
   * what the chain holds (the hot wallet plus every deposit address not yet swept, read at one block). A currency
   * on several networks is owed once: its rows carry the sum over its networks, and all of them are flagged when
   * that sum is less than users hold. A node that does not answer leaves its rows without chain figures, flagged.
   */
  async reconcile(hotWallet: Address | undefined) {
    const codes = [...new Set(this.networks.flatMap((n) => n.currencies.map((c) => c.currency)))];
    const owed = await this.deps.ledger.usersHold(codes);
    const addresses = await repo.allDepositAddresses(this.db);
    const read = await Promise.all(
      this.networks.map(async (n) => {
        try {
          const own = addresses.filter((a) => a.network === n.network).map((a) => a.address);
          return {
            network: n,
            ...(await chainHoldings(this.clients.get(n.network) as PublicClient, n, hotWallet, own)),
          };
        } catch (error) {
          return { network: n, error: why(error) ?? "the node did not answer" };
        }
      }),
    );
    const totals = new Map<string, Money>();
    for (const r of read) {
      for (const h of "holdings" in r ? r.holdings : []) {
        totals.set(h.currency, (totals.get(h.currency) ?? new Money(0)).plus(h.hot_wallet).plus(h.deposit_addresses));
      }
    }
    const failed = new Set(
      read.filter((r) => "error" in r).flatMap((r) => r.network.currencies.map((c) => c.currency)),
    );
    return {
      hot_wallet: hotWallet ?? null,
      rows: read.flatMap((r) =>
        r.network.currencies.map((c) => {
          const users = owed.get(c.currency) ?? "0";
          const holding = "holdings" in r ? r.holdings.find((h) => h.currency === c.currency) : undefined;
          const chainTotal = toAmount(totals.get(c.currency) ?? 0);
          return {
            network: r.network.network,
            currency: c.currency,
            block: "block" in r ? Number(r.block) : null,
            users,
            hot_wallet: holding?.hot_wallet ?? null,
            deposit_addresses: holding?.deposit_addresses ?? null,
            chain: holding ? toAmount(new Money(holding.hot_wallet).plus(holding.deposit_addresses)) : null,
            chain_total: failed.has(c.currency) ? null : chainTotal,
            difference: failed.has(c.currency) ? null : toAmount(new Money(chainTotal).minus(users)),
            flagged: failed.has(c.currency) || shortOf(users, chainTotal),
            error: "error" in r ? (r.error ?? null) : null,
          };
        }),
      ),
    };
  }

  /** The console's read-only view: each network, its watcher's cursor, lag and last error, and recent deposits. */
  async status() {
    const cursors = new Map((await repo.listCursors(this.db)).map((c) => [c.network, c]));
    const recent = await repo.recentChainDeposits(this.db, 50);
    return {
      networks: this.networks.map((n) => {
        const cursor = cursors.get(n.network);
        return {
          network: n.network,
          chain_id: n.chain_id,
          node: nodeName(n.rpc_url),
          confirmations: n.confirmations,
          currencies: n.currencies.map((c) => ({
            currency: c.currency,
            token: c.token,
            decimals: c.decimals,
            min_deposit: toAmount(c.min_deposit),
          })),
          block: cursor ? Number(cursor.block) : null,
          head: cursor?.head != null ? Number(cursor.head) : null,
          lag: cursor?.head != null ? Number(cursor.head - cursor.block) : null,
          passed_at: cursor?.passedAt?.toISOString() ?? null,
          last_error: cursor?.lastError ?? null,
          last_error_at: cursor?.lastErrorAt?.toISOString() ?? null,
        };
      }),
      deposits: recent.map((r) => ({
        id: r.id,
        deposit_id: r.depositId,
        user_id: r.userId,
        network: r.network,
        currency: r.currency,
        tx_hash: r.txHash,
        log_index: r.logIndex,
        block: Number(r.blockNumber),
        raw_amount: r.rawAmount,
        amount: toAmount(r.amount),
        remainder: toAmount(r.remainder),
        status: r.status,
        confirmations: r.confirmations,
        required: r.required,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }
}
