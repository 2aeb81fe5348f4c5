import type { Block, Hash, PublicClient } from "viem";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import type { ChainDepositBook, Transfer } from "./book";
import type { ChainNetworkConfig } from "./networks-file";
import * as repo from "./repo";

/** Blocks read per pass at most (one eth_getLogs range): a long catch-up goes on over several passes. */
export const MAX_BLOCKS_PER_PASS = 500n;
/** Block hashes kept below the confirmation window, so that a fork point a little deeper is still found. */
const WINDOW_MARGIN = 16n;
/** Blocks fetched at once while reading a range. */
const PARALLEL_READS = 16;

/** `event Transfer(address indexed from, address indexed to, uint256 value)`, as viem's parseAbiItem makes it. */
const transferEvent = {
  type: "event",
  name: "Transfer",
  inputs: [
    { type: "address", name: "from", indexed: true },
    { type: "address", name: "to", indexed: true },
    { type: "uint256", name: "value" },
  ],
} as const;

export interface PassOutcome {
  /** The last block read and verified. */
  block: bigint;
  head: bigint;
  /** Why the pass stopped short, when it did (the node behind our cursor, a reorg while reading). */
  note?: string;
  rolledBackTo?: bigint;
}

/**
 * Follows one network from its stored cursor: verifies the cursor's block is still the node's (else rolls back to
 * the fork point), reads up to MAX_BLOCKS_PER_PASS blocks checking each one's parent hash, records transfers to
 * our addresses (ERC-20 Transfer logs by eth_getLogs, native transfers from the blocks' transactions), then
 * credits what has its confirmations. A failing node throws: the caller records the error, nothing is lost.
 */
export class NetworkWatcher {
  private readonly tokens: Map<string, string>;
  private readonly native: boolean;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly network: ChainNetworkConfig,
    private readonly client: PublicClient,
    private readonly book: ChainDepositBook,
  ) {
    this.tokens = new Map(
      network.currencies.flatMap((c) => (c.token ? [[c.token.toLowerCase(), c.currency] as const] : [])),
    );
    this.native = network.currencies.some((c) => c.token === null);
  }

  async pass(): Promise<PassOutcome> {
    const name = this.network.network;
    const head = await this.client.getBlockNumber();
    const cursor = await repo.findCursor(this.db, name);
    if (!cursor) throw new Error(`network ${name} has no cursor (the start check did not run)`);
    const stored = await repo.storedBlock(this.db, name, cursor.block);
    // A node behind our cursor (lagging, or lying about its height) only delays: nothing is read or rolled back.
    if (head < cursor.block) return { block: cursor.block, head, note: "the node is behind the watcher's cursor" };
    let from = cursor.block;
    let rolledBackTo: bigint | undefined;
    if (stored && (await this.hashAt(cursor.block)) !== stored.hash) {
      rolledBackTo = await this.rollBack(cursor.block, head);
      from = rolledBackTo;
    }
    const to = head < from + MAX_BLOCKS_PER_PASS ? head : from + MAX_BLOCKS_PER_PASS;
    if (to > from) {
      const read = await this.read(from, to, rolledBackTo === undefined ? stored?.hash : undefined);
      if (!read)
        return { block: from, head, note: "the chain changed while reading; read again next pass", rolledBackTo };
      const moved = await this.record(from, to, head, read.blocks, read.transfers);
      if (!moved) return { block: from, head, note: "another instance moved the cursor", rolledBackTo };
    } else {
      await repo.updateCursor(this.db, name, { head, passedAt: this.clock.now(), lastError: null });
    }
    await this.book.confirm(this.network, to);
    return { block: to, head, ...(rolledBackTo !== undefined ? { rolledBackTo } : {}) };
  }

  private async hashAt(number: bigint): Promise<Hash | undefined> {
    const block = await this.client.getBlock({ blockNumber: number }).catch(() => undefined);
    return block?.hash ?? undefined;
  }

  /**
   * Walks the stored window down to the highest block the node still has with the same hash (the fork point),
   * forgets the blocks above it and drops the deposits recorded in them. Answers the fork point.
   */
  private async rollBack(cursor: bigint, head: bigint): Promise<bigint> {
    const name = this.network.network;
    const window = await repo.storedBlocks(this.db, name);
    let fork: bigint | undefined;
    for (const block of window) {
      if (block.number > cursor || block.number > head) continue;
      if ((await this.hashAt(block.number)) === block.hash) {
        fork = block.number;
        break;
      }
    }
    // Deeper than the window: start again below it (recorded identities are never credited twice).
    const lowest = window.at(-1)?.number ?? cursor;
    const point = fork ?? (lowest > 0n ? lowest - 1n : 0n);
    await withTransaction(this.db, async (tx) => {
      await repo.lockNetwork(tx, name);
      await this.book.dropAbove(tx, this.network, point);
      await repo.forgetBlocksAbove(tx, name, point);
      await repo.updateCursor(tx, name, { block: point });
    });
    return point;
  }

  /** Blocks from+1..to with their transfers to anyone; undefined when the blocks do not link (a reorg meanwhile). */
  private async read(from: bigint, to: bigint, parentHash: string | undefined) {
    const numbers: bigint[] = [];
    for (let n = from + 1n; n <= to; n++) numbers.push(n);
    const blocks: Block<bigint, boolean>[] = [];
    for (let i = 0; i < numbers.length; i += PARALLEL_READS) {
      const batch = numbers.slice(i, i + PARALLEL_READS);
      blocks.push(
        ...(await Promise.all(
          batch.map((blockNumber) => this.client.getBlock({ blockNumber, includeTransactions: this.native })),
        )),
      );
    }
    let previous = parentHash;
    for (const block of blocks) {
      if (previous !== undefined && block.parentHash !== previous) return undefined;
      previous = block.hash ?? undefined;
    }
    const hashes = new Map(blocks.map((b) => [b.number, b.hash]));
    const transfers: Transfer[] = [];
    if (this.tokens.size > 0) {
      const logs = await this.client.getLogs({
        address: [...this.tokens.keys()] as `0x${string}`[],
        event: transferEvent,
        fromBlock: from + 1n,
        toBlock: to,
      });
      for (const log of logs) {
        if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
        if (hashes.get(log.blockNumber) !== log.blockHash) return undefined;
        const { to: recipient, value } = log.args;
        if (!recipient || value === undefined || value === 0n) continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          to: recipient.toLowerCase(),
          currency: this.tokens.get(log.address.toLowerCase()) as string,
          token: log.address.toLowerCase(),
          raw: value,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash as string,
        });
      }
    }
    if (this.native) {
      const coin = this.network.currencies.find((c) => c.token === null)?.currency as string;
      for (const block of blocks) {
        for (const t of block.transactions) {
          if (typeof t === "string" || !t.to || t.value === 0n) continue;
          transfers.push({
            txHash: t.hash,
            logIndex: -1,
            to: t.to.toLowerCase(),
            currency: coin,
            token: null,
            raw: t.value,
            blockNumber: block.number as bigint,
            blockHash: block.hash as string,
          });
        }
      }
    }
    return { blocks, transfers: await this.succeeded(transfers) };
  }

  /** Transfers to our addresses; a native one only when its transaction succeeded (a reverted one moved nothing). */
  private async succeeded(transfers: Transfer[]): Promise<Transfer[]> {
    const owners = await repo.ownersOf(this.db, this.network.network, [...new Set(transfers.map((t) => t.to))]);
    const ours = new Map(owners.map((o) => [o.address, o.userId]));
    const kept: Transfer[] = [];
    for (const transfer of transfers) {
      const userId = ours.get(transfer.to);
      if (userId === undefined) continue;
      if (transfer.logIndex === -1) {
        const receipt = await this.client.getTransactionReceipt({ hash: transfer.txHash as Hash });
        if (receipt.status !== "success") continue;
      }
      kept.push({ ...transfer, userId });
    }
    return kept;
  }

  /** Records the transfers and moves the cursor in one transaction; false when another instance moved it first. */
  private record(from: bigint, to: bigint, head: bigint, blocks: Block<bigint, boolean>[], transfers: Transfer[]) {
    const name = this.network.network;
    return withTransaction(this.db, async (tx) => {
      await repo.lockNetwork(tx, name);
      const cursor = await repo.findCursor(tx, name);
      if (cursor?.block !== from) return false;
      for (const transfer of transfers) await this.book.record(tx, this.network, transfer);
      await repo.saveBlocks(
        tx,
        blocks.map((b) => ({
          network: name,
          number: b.number as bigint,
          hash: b.hash as string,
          parentHash: b.parentHash,
        })),
      );
      await repo.pruneBlocksBelow(tx, name, to - BigInt(this.network.confirmations) - WINDOW_MARGIN);
      await repo.updateCursor(tx, name, { block: to, head, passedAt: this.clock.now(), lastError: null });
      return true;
    });
  }
}
