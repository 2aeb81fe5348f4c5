import { createHash } from "node:crypto";
import type { Paged, TickAnchor } from "@cryptos/contract";
import type { Hex, LocalAccount, PublicClient } from "viem";
import type { Db } from "../../db/client";
import type { AnchoredHead } from "../../db/schema/chain-anchors";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import * as repo from "./anchors-repo";
import type { HotWallet } from "./hot-wallet";
import type { ChainNetworkConfig } from "./networks-file";
import type { ChainRegistry } from "./registry";
import { rpcClient } from "./rpc";
import { loadViem } from "./viem";
import {
  ALREADY_SENT,
  type HotCall,
  runSteps,
  type SendPassHooks,
  StoppedByHook,
  signWithNextNonce,
} from "./withdrawals-sender";

/** What an anchor reads: every pair's head of the public tick log (the market's tick log service answers it). */
export interface ChainAnchorsDeps {
  heads(): Promise<AnchoredHead[]>;
}

/** Gas when the node's estimate fails: 21,000 plus 16 per byte of the 32-byte root, with room to spare. */
const FALLBACK_GAS = 30_000n;

/** Every pair's head as `productid:id:hash`, sorted by productid, joined by "\n": what the root hashes. */
export const anchorLines = (heads: AnchoredHead[]) =>
  [...heads]
    .sort((a, b) => a.productid - b.productid)
    .map((h) => `${h.productid}:${h.id}:${h.hash}`)
    .join("\n");

/** sha256 of the lines, hex: the 32 bytes the anchor's transaction carries as its data. */
export const anchorRoot = (heads: AnchoredHead[]) => createHash("sha256").update(anchorLines(heads)).digest("hex");

/**
 * The tick log's heads anchored on chain (issue 43 item 3, decision 148). Every ANCHOR_EVERY the hot wallet sends
 * a zero-value transaction to itself whose data is the root of every pair's head, on each network with a node. It
 * goes the withdrawals' way (decision 107): its nonce taken from the same row under the database's lock, the signed
 * transaction stored before it is broadcast, broadcast again after a crash, followed to the network's
 * confirmations. Runs in the chain sender's pass, under its lease: one instance at a time. At most one anchor per
 * network is in flight; one whose nonce went to another transaction is dropped and the next pass anchors anew.
 */
export class ChainAnchorsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly registry: ChainRegistry,
    private readonly hotWallet: HotWallet | undefined,
    private readonly everyMs: number,
    private readonly deps: ChainAnchorsDeps,
  ) {}

  /** What the start-up line says: whether heads are anchored, how often, by whom and where. */
  async describe(): Promise<string> {
    await this.registry.refresh();
    const networks = this.registry.configs().map((n) => n.network);
    if (!networks.length)
      return "No on-chain network: the tick log's heads are not anchored (ANCHOR_EVERY does nothing).";
    if (!this.hotWallet) return "No HOT_WALLET_KEY_FILE: the tick log's heads are not anchored on chain.";
    const ms = this.everyMs;
    const every =
      ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
    const { address } = await this.hotWallet.account();
    return `The tick log's heads are anchored every ${every} by ${address} on ${networks.join(", ")}.`;
  }

  private async client(network: ChainNetworkConfig): Promise<PublicClient> {
    return this.registry.get(network.network)?.client ?? rpcClient(network);
  }

  /**
   * One pass over every network with a node: broadcast what is stored, anchor when due, follow what was sent. A
   * test's `afterStore` hook stops the pass between storing and broadcasting, as a crash would.
   */
  async pass(hooks: SendPassHooks = {}): Promise<void> {
    if (!this.hotWallet) return;
    await this.registry.refresh();
    const hot = await this.hotWallet.account();
    const failures: unknown[] = [];
    for (const network of this.registry.configs()) {
      await runSteps(
        [() => this.rebroadcast(network), () => this.anchorIfDue(network, hot, hooks), () => this.follow(network)],
        failures,
      );
    }
    if (failures.length) throw failures[0];
  }

  private async anchorIfDue(network: ChainNetworkConfig, hot: LocalAccount, hooks: SendPassHooks) {
    const due = (latest: repo.ChainAnchorRow | undefined) =>
      !latest || (latest.state !== "sent" && this.clock.now().getTime() - latest.at.getTime() >= this.everyMs);
    if (!due(await repo.latestAnchor(this.db, network.network))) return;
    const heads = await this.deps.heads();
    if (!heads.length) return;
    const root = anchorRoot(heads);
    const client = await this.client(network);
    const call: HotCall = { to: hot.address, value: 0n, data: `0x${root}` as Hex };
    const [gas, fees, chainCount, native] = await Promise.all([
      client
        .estimateGas({ account: hot.address, ...call })
        .then((g) => (g * 6n) / 5n)
        .catch(() => FALLBACK_GAS),
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: hot.address, blockTag: "pending" }),
      client.getBalance({ address: hot.address }),
    ]);
    if (native < gas * fees.maxFeePerGas) {
      throw new Error(`the hot wallet ${hot.address} cannot pay an anchor's gas on ${network.network}`);
    }
    const stored = await withTransaction(this.db, async (tx) => {
      await repo.lockNetworkAnchors(tx, network.network);
      if (!due(await repo.latestAnchor(tx, network.network))) return undefined;
      const { nonce, raw, hash } = await signWithNextNonce(tx, hot, network, chainCount, gas, fees, call);
      const now = this.clock.now();
      return repo.insertAnchor(tx, {
        network: network.network,
        chainId: network.chain_id,
        at: now,
        root,
        heads: [...heads].sort((a, b) => a.productid - b.productid),
        fromAddress: hot.address,
        nonce,
        txHash: hash,
        raw,
        state: "sent",
        updatedAt: now,
      });
    });
    if (!stored) return;
    try {
      await hooks.afterStore?.(stored.txHash as Hex);
    } catch (error) {
      throw new StoppedByHook(error);
    }
    await this.broadcast(client, stored);
  }

  /** Sends a stored transaction as it is; the node already having it (or its nonce mined) counts as sent. */
  private async broadcast(client: PublicClient, row: repo.ChainAnchorRow) {
    try {
      await client.sendRawTransaction({ serializedTransaction: row.raw as Hex });
    } catch (error) {
      const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ""}` : "";
      if (!ALREADY_SENT.test(text)) throw error;
    }
    if (!row.broadcastAt) await repo.updateAnchor(this.db, row.id, { broadcastAt: this.clock.now() });
  }

  /** Stored anchors the node has not taken yet (a crash after storing, a node that was down). */
  private async rebroadcast(network: ChainNetworkConfig) {
    const unsent = (await repo.anchorsInState(this.db, network.network, "sent")).filter((row) => !row.broadcastAt);
    if (!unsent.length) return;
    const client = await this.client(network);
    for (const row of unsent) await this.broadcast(client, row);
  }

  /**
   * Follows each sent anchor: done at the network's confirmations; with no receipt and the node not knowing it,
   * dropped when its nonce is used by another transaction, else broadcast again.
   */
  private async follow(network: ChainNetworkConfig) {
    const sent = await repo.anchorsInState(this.db, network.network, "sent");
    if (!sent.length) return;
    const client = await this.client(network);
    const { TransactionNotFoundError, TransactionReceiptNotFoundError } = await loadViem();
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const row of sent) {
      const receipt = await client.getTransactionReceipt({ hash: row.txHash as Hex }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      });
      const now = this.clock.now();
      if (receipt) {
        const confirmations = Math.max(0, Number(head - receipt.blockNumber) + 1);
        const done = confirmations >= network.confirmations;
        await repo.updateAnchor(this.db, row.id, {
          block: Number(receipt.blockNumber),
          ...(done ? { state: "done" } : {}),
          updatedAt: now,
        });
        continue;
      }
      const known = await client
        .getTransaction({ hash: row.txHash as Hex })
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof TransactionNotFoundError) return false;
          throw error;
        });
      if (known) continue;
      const used = await client.getTransactionCount({ address: row.fromAddress as Hex, blockTag: "latest" });
      if (used > row.nonce) await repo.updateAnchor(this.db, row.id, { state: "dropped", updatedAt: now });
      else await this.broadcast(client, row);
    }
  }

  /** The confirmed anchors, newest first. */
  async list(page: number, list: number): Promise<Paged<TickAnchor>> {
    const { items, total } = await repo.pageOfDone(this.db, (page - 1) * list, list);
    return {
      items: items.map((a) => ({
        at: a.at.toISOString(),
        root: a.root,
        heads: a.heads,
        network: a.network,
        chain_id: a.chainId,
        tx_hash: a.txHash,
        block: a.block ?? 0,
        from: a.fromAddress,
      })),
      total,
      page,
      list,
    };
  }
}
