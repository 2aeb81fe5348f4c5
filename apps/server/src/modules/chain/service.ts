import type { Address, PublicClient } from "viem";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { translate } from "../../i18n/translate";
import type { Clock } from "../../lib/clock";
import { toAmount } from "../../lib/decimal";
import type { AdminService } from "../admin/service";
import type { DepositAddresses, DepositChainView, OnChainTerms } from "../funds/deposits";
import type { OnChainFunds } from "../funds/on-chain";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { depositAddressAt } from "./addresses";
import { ChainDepositBook } from "./book";
import { checkNetwork, nodeName, sameSettings, shownSettings, strandProblem } from "./checks";
import type { ChainCurrencyConfig, ChainNetworkConfig } from "./networks-file";
import * as networksRepo from "./networks-repo";
import { chainHoldings, networkHoldings, reconciliationRows } from "./reconcile";
import { ChainRegistry, type LiveNetwork } from "./registry";
import * as repo from "./repo";
import { rpcClient } from "./rpc";
import { loadViem } from "./viem";
import { NetworkWatcher, type PassOutcome } from "./watcher";

export interface ChainLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const why = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

/**
 * The networks with a node (decision 109): those of CHAIN_NETWORKS_FILE, checked against their nodes and written
 * to the database at start, and those added in the console; a deposit address per user (derived from the
 * network's xpub: the server holds no deposit key), and the watcher's passes. Every instance reads the stored list
 * again when it changed, so a console save is live everywhere without a restart. The funds' rows it touches (the
 * networks' channels, users' deposit rows and their credit) it writes through the funds module's `OnChainFunds`.
 */
export class ChainService implements DepositAddresses {
  readonly book: ChainDepositBook;
  readonly registry: ChainRegistry;
  private readonly watchers = new Map<string, { version: bigint; watcher: NetworkWatcher }>();
  /** The (network, version) pairs this instance has checked against their nodes (at start, on a save, in a pass). */
  private readonly verified = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The networks of CHAIN_NETWORKS_FILE, written over their stored rows by prepare(). */
    private readonly fileNetworks: ChainNetworkConfig[],
    private readonly deps: {
      ledger: LedgerService;
      messages: MessagesService;
      /** The funds module's rows of the networks with a node, written in this module's transactions. */
      funds: OnChainFunds;
      admin?: Pick<AdminService, "audit"> | undefined;
      log?: ChainLog | undefined;
    },
  ) {
    this.book = new ChainDepositBook(db, clock, deps);
    this.registry = new ChainRegistry(db);
  }

  /** The networks as this instance last loaded them. */
  get networks(): ChainNetworkConfig[] {
    return this.registry.configs();
  }

  private network(name: string) {
    return this.registry.get(name)?.config;
  }

  private currencyOn(currency: string, network: string): ChainCurrencyConfig | undefined {
    return this.network(network)?.currencies.find((c) => c.currency === currency);
  }

  /** The terms when `currency` on `network` is credited from the chain; undefined when it is checked by hand. */
  async terms(currency: string, network: string): Promise<OnChainTerms | undefined> {
    await this.registry.refresh();
    const n = this.network(network);
    const c = this.currencyOn(currency, network);
    return n && c ? { confirmations: n.confirmations, min_deposit: toAmount(c.min_deposit) } : undefined;
  }

  /** The check of decision 109 (node, chain id, decimals, currencies, xpub), against a client of `n`'s node. */
  async check(n: ChainNetworkConfig, client?: PublicClient) {
    return checkNetwork(
      client ?? (await rpcClient(n)),
      n,
      async (code) => (await this.deps.ledger.currency(code).catch(() => undefined)) !== undefined,
    );
  }

  /**
   * What a network's settings do beside their row, in the writer's transaction (a start writing the file, a console
   * save): its currencies' channel becomes the on-chain one (each user's own address) and their demo channels go
   * off, the withdrawal fee and minimum apply, and a new network's watcher starts at the node's head.
   */
  async activate(tx: Tx, n: ChainNetworkConfig, head: { number: bigint; hash: string; parentHash: string }) {
    for (const c of n.currencies) {
      await this.deps.funds.claimChannel(tx, c.currency, n.network, {
        withdrawFee: c.withdraw_fee,
        minAmount: c.min_deposit,
      });
    }
    if (!(await repo.findCursor(tx, n.network))) {
      await repo.insertCursor(tx, { network: n.network, chainId: n.chain_id, block: head.number });
      await repo.saveBlocks(tx, [
        { network: n.network, number: head.number, hash: head.hash, parentHash: head.parentHash },
      ]);
    }
  }

  /** A save on this instance: reload now, and count the saved version as checked (the save checked it). */
  async saved(network: string, version: bigint | undefined) {
    if (version !== undefined) this.verified.add(`${network}:${version}`);
    await this.registry.refresh();
  }

  /**
   * At start: each network of the file is checked against its node (chain id, decimals, currencies, xpub) and
   * against what would strand money; any problem stops the start with what was expected and what was seen. Then
   * it is written over its stored row (audited when it changed) and activated. A network the file no longer names
   * stays, now the console's to edit. Networks added in the console are checked by the watcher's first pass.
   */
  async prepare(): Promise<void> {
    const checked: { n: ChainNetworkConfig; head: { number: bigint; hash: string; parentHash: string } }[] = [];
    for (const n of this.fileNetworks) {
      const result = await this.check(n);
      if ("key" in result) throw new Error(`CHAIN_NETWORKS_FILE: ${translate("en", result.key, result.params)}`);
      checked.push({ n, head: result.head });
    }
    const names = new Set(this.fileNetworks.map((n) => n.network));
    const versions = await withTransaction(this.db, async (tx) => {
      const written = new Map<string, bigint>();
      for (const { n, head } of checked) {
        await networksRepo.lockNetworkSettings(tx, n.network);
        const before = await networksRepo.findNetwork(tx, n.network);
        const strand = await strandProblem(tx, this.deps.funds, before?.config, n);
        if (strand) throw new Error(`CHAIN_NETWORKS_FILE: ${translate("en", strand.key, strand.params)}`);
        if (before?.source === "file" && sameSettings(before.config, n)) {
          written.set(n.network, before.version);
        } else {
          written.set(
            n.network,
            await networksRepo.writeNetwork(tx, {
              config: n,
              source: "file",
              updatedAt: this.clock.now(),
              updatedBy: null,
            }),
          );
          await this.deps.admin?.audit(tx, {
            operatorId: null,
            action: "chain.network_file",
            target: { type: "chain_network", id: n.network },
            before: before ? shownSettings(before.config) : null,
            after: shownSettings(n),
          });
        }
        await this.activate(tx, n, head);
      }
      for (const stored of await networksRepo.listNetworks(tx)) {
        if (stored.source !== "file" || names.has(stored.network)) continue;
        await networksRepo.writeNetwork(tx, {
          config: stored.config,
          source: "console",
          updatedAt: this.clock.now(),
          updatedBy: null,
        });
        this.deps.log?.info(
          { network: stored.network },
          "network no longer in CHAIN_NETWORKS_FILE: kept, editable in the console",
        );
      }
      return written;
    });
    for (const [network, version] of versions) this.verified.add(`${network}:${version}`);
    await this.registry.refresh();
  }

  /**
   * The user's own address on `network`, allocated on the first ask: the index comes from one sequence (nextval),
   * so concurrent asks never share one; of two first asks of one user, the second finds the first's row.
   */
  async addressFor(userId: number, network: string): Promise<Address> {
    await this.registry.refresh();
    const n = this.network(network);
    if (!n) throw new Error(`network ${network} is not on chain`);
    const { getAddress } = await loadViem();
    const existing = await repo.findDepositAddress(this.db, userId, network);
    if (existing) return getAddress(existing.address);
    const index = await repo.nextAddressIndex(this.db);
    const address = await depositAddressAt(n.xpub, index);
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

  /**
   * One pass of every network's watcher, on the stored list as it is now. A network (or a new version of it) not
   * yet checked on this instance is checked first and not followed while the check fails; a network whose node
   * fails keeps its cursor and shows the error.
   */
  async pass(): Promise<Map<string, PassOutcome | Error>> {
    await this.registry.refresh();
    const outcomes = new Map<string, PassOutcome | Error>();
    const live = this.registry.entries();
    for (const name of this.watchers.keys()) {
      if (!live.some((l) => l.network === name)) this.watchers.delete(name);
    }
    for (const entry of live) {
      const name = entry.network;
      try {
        const watcher = await this.watcherOf(entry);
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

  /** The watcher of the stored version of a network, checked against its node once per version. */
  private async watcherOf(entry: LiveNetwork): Promise<NetworkWatcher> {
    const key = `${entry.network}:${entry.version}`;
    if (!this.verified.has(key)) {
      const result = await this.check(entry.config, entry.client);
      if ("key" in result) throw new Error(translate("en", result.key, result.params));
      const cursor = await repo.findCursor(this.db, entry.network);
      if (cursor && cursor.chainId !== entry.config.chain_id) {
        throw new Error(
          translate("en", "chain_id_locked", {
            network: entry.network,
            seen: cursor.chainId,
            expected: entry.config.chain_id,
          }),
        );
      }
      if (!cursor) await withTransaction(this.db, (tx) => this.activate(tx, entry.config, result.head));
      this.verified.add(key);
    }
    const current = this.watchers.get(entry.network);
    if (current?.version === entry.version) return current.watcher;
    const watcher = new NetworkWatcher(this.db, this.clock, entry.config, entry.client, this.book);
    this.watchers.set(entry.network, { version: entry.version, watcher });
    return watcher;
  }

  /** The chain progress of deposit rows, for the Recharge log and the console. */
  async depositViews(conn: Db | Tx, depositIds: number[]): Promise<Map<number, DepositChainView>> {
    await this.registry.refresh(conn);
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
    await this.registry.refresh();
    const codes = [...new Set(this.networks.flatMap((n) => n.currencies.map((c) => c.currency)))];
    const owed = await this.deps.ledger.usersHold(codes);
    const addresses = await repo.allDepositAddresses(this.db);
    const read = await Promise.all(
      this.networks.map(async (n) => {
        try {
          const own = addresses.filter((a) => a.network === n.network).map((a) => a.address);
          const client = this.registry.get(n.network)?.client ?? (await rpcClient(n));
          return {
            network: n,
            ...(await chainHoldings(client, n, hotWallet, own)),
          };
        } catch (error) {
          return { network: n, error: why(error) ?? "the node did not answer" };
        }
      }),
    );
    return { hot_wallet: hotWallet ?? null, rows: reconciliationRows(read, owed) };
  }

  /** Proof of reserves (issue 44): per network, the hot wallet's and deposit addresses' holdings at one block. */
  async reserveHoldings(hot: Address | undefined) {
    await this.registry.refresh();
    const clientOf = async (n: ChainNetworkConfig) => this.registry.get(n.network)?.client ?? rpcClient(n);
    return networkHoldings(this.networks, clientOf, hot, await repo.allDepositAddresses(this.db));
  }

  /** Each network of the file with its watcher's lag behind the head in blocks (null before the first pass). */
  async heightLags(): Promise<{ network: string; lag: number | null }[]> {
    const cursors = new Map((await repo.listCursors(this.db)).map((c) => [c.network, c]));
    return this.networks.map((n) => {
      const cursor = cursors.get(n.network);
      return { network: n.network, lag: cursor?.head != null ? Number(cursor.head - cursor.block) : null };
    });
  }

  /** The console's read-only view: each network, its watcher's cursor, lag and last error, and recent deposits. */
  async status() {
    await this.registry.refresh();
    const cursors = new Map((await repo.listCursors(this.db)).map((c) => [c.network, c]));
    const recent = await repo.recentChainDeposits(this.db, 50);
    return {
      networks: this.registry.entries().map(({ config: n, source }) => {
        const cursor = cursors.get(n.network);
        return {
          network: n.network,
          source,
          chain_id: n.chain_id,
          node: nodeName(n.rpc_url),
          confirmations: n.confirmations,
          xpub: n.xpub,
          explorer_tx_url: n.explorer_tx_url ?? null,
          currencies: n.currencies.map((c) => ({
            currency: c.currency,
            token: c.token,
            decimals: c.decimals,
            min_deposit: toAmount(c.min_deposit),
            withdraw_fee: toAmount(c.withdraw_fee),
            hot_wallet_daily_limit: c.hot_wallet_daily_limit ?? null,
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
