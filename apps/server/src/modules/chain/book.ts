import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import type { OnChainFunds } from "../funds/on-chain";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { chainAmount, toRawUnits } from "./amounts";
import type { ChainNetworkConfig } from "./networks-file";
import * as repo from "./repo";
import { loadViem } from "./viem";

/** A transfer to one of our addresses as read from the chain; `logIndex` -1 for a native transfer. */
export interface Transfer {
  txHash: string;
  logIndex: number;
  /** Lower case. */
  to: string;
  currency: string;
  token: string | null;
  raw: bigint;
  blockNumber: bigint;
  blockHash: string;
  userId?: number;
}

export type ChainDepositStatus = "confirming" | "credited" | "dropped" | "below_minimum";

/**
 * The chain deposits of every network: recorded once per (chain id, tx hash, log index) with the user's deposit row
 * (the Recharge log shows it at once), confirmations counted from verified blocks, credited exactly once through
 * the ledger (key `deposit:<id>`, as a reviewed deposit) in the transaction that marks it credited. The deposit row
 * and the credit are the funds module's (`OnChainFunds`), written in this book's transactions.
 */
export class ChainDepositBook {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: { ledger: LedgerService; messages: MessagesService; funds: OnChainFunds },
  ) {}

  /** Inside the watcher's recording transaction (network lock held). */
  async record(tx: Tx, network: ChainNetworkConfig, transfer: Transfer): Promise<void> {
    if (transfer.userId === undefined) return;
    const known = await repo.findChainDeposit(tx, network.chain_id, transfer.txHash, transfer.logIndex);
    if (known) {
      // Seen before: nothing to do, unless a reorg dropped it and the new chain holds it again.
      if (known.status !== "dropped") return;
      await repo.updateChainDeposit(tx, known.id, {
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        status: "confirming",
        confirmations: 0,
      });
      await this.deps.funds.reopenDeposit(tx, known.depositId);
      await this.deps.messages.announce(tx, known.userId, "deposits");
      return;
    }
    const terms = network.currencies.find((c) => c.currency === transfer.currency);
    if (!terms) return;
    const currency = await this.deps.ledger.currency(transfer.currency, tx);
    const { getAddress } = await loadViem();
    const { amount, remainder } = chainAmount(transfer.raw, terms.decimals, currency.decimals);
    const below = transfer.raw < toRawUnits(terms.min_deposit, terms.decimals) || amount === "0";
    const status = below ? ("below_minimum" as const) : ("confirming" as const);
    const now = this.clock.now();
    const depositId = await this.deps.funds.recordDeposit(tx, {
      userId: transfer.userId,
      currency: transfer.currency,
      network: network.network,
      address: getAddress(transfer.to),
      amount,
      txHash: transfer.txHash,
      status,
      at: now,
    });
    await repo.insertChainDeposit(tx, {
      chainId: network.chain_id,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      network: network.network,
      currency: transfer.currency,
      token: transfer.token,
      userId: transfer.userId,
      address: transfer.to,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      rawAmount: transfer.raw.toString(),
      amount,
      remainder,
      status,
      confirmations: 0,
      required: network.confirmations,
      depositId,
      createdAt: now,
    });
    await this.deps.messages.announce(tx, transfer.userId, "deposits");
  }

  /** A reorg took the blocks after `block` away: their open deposits are dropped, never credited. */
  async dropAbove(tx: Tx, network: ChainNetworkConfig, block: bigint): Promise<void> {
    for (const row of await repo.openAbove(tx, network.network, block)) {
      await repo.updateChainDeposit(tx, row.id, { status: "dropped", confirmations: 0 });
      await this.deps.funds.dropDeposit(tx, row.depositId, this.clock.now());
      await this.deps.messages.announce(tx, row.userId, "deposits");
    }
  }

  /**
   * Counts confirmations up to `tip`, the last block the watcher verified (never the node's claimed head), and
   * credits each deposit that has its `required`.
   */
  async confirm(network: ChainNetworkConfig, tip: bigint): Promise<number> {
    let credited = 0;
    for (const row of await repo.confirmingDeposits(this.db, network.network)) {
      const seen = tip >= row.blockNumber ? Number(tip - row.blockNumber + 1n) : 0;
      const confirmations = Math.min(seen, row.required);
      if (confirmations >= row.required) {
        if (await this.credit(network, row.id, confirmations)) credited++;
      } else if (confirmations !== row.confirmations) {
        await withTransaction(this.db, async (tx) => {
          await repo.updateChainDeposit(tx, row.id, { confirmations });
          await this.deps.messages.announce(tx, row.userId, "deposits");
        });
      }
    }
    return credited;
  }

  /** Credits one deposit once: the row lock and status check, and the ledger's idempotency key. */
  private credit(network: ChainNetworkConfig, id: number, confirmations: number): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      const row = await repo.lockChainDeposit(tx, id);
      if (row?.status !== "confirming") return false;
      const now = this.clock.now();
      await this.deps.funds.creditDeposit(
        tx,
        { id: row.depositId, userId: row.userId, currency: row.currency, amount: row.amount, at: now },
        {
          network: network.network,
          hash: row.txHash,
          explorerUrl: network.explorer_tx_url ? network.explorer_tx_url.replace("{hash}", row.txHash) : null,
        },
      );
      await repo.updateChainDeposit(tx, id, { status: "credited", confirmations, creditedAt: now });
      return true;
    });
  }
}
