import type { Address, Hex, PublicClient } from "viem";
import { withTransaction } from "../../db/transaction";
import type { ChainNetworkConfig } from "./networks-file";
import { loadViem } from "./viem";
import * as repo from "./withdrawals-repo";
import { broadcast, explorerOf, type SendContext } from "./withdrawals-sender";

/*
 * Following (decision 107): receipts counted to the network's confirmations, then the withdrawal is paid out
 * (mined), or its funds return (reverted, cancelled, or dropped: its nonce used by another transaction).
 */

/** The receipt of whichever stored transaction of the withdrawal was mined, if any. */
export async function minedReceipt(client: PublicClient, txs: repo.ChainTxRow[]) {
  const { TransactionReceiptNotFoundError } = await loadViem();
  for (const tx of txs) {
    try {
      return await client.getTransactionReceipt({ hash: tx.hash as Hex });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
  }
  return undefined;
}

async function knownToNode(client: PublicClient, txs: repo.ChainTxRow[]) {
  const { TransactionNotFoundError } = await loadViem();
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
export async function follow(ctx: SendContext, network: ChainNetworkConfig) {
  const sent = await repo.listInState(ctx.db, network.network, ["sent"]);
  if (!sent.length) return;
  const client = await ctx.client(network);
  // viem keeps a block number for 4 s by default; confirmations are counted on the node's head now.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  for (const row of sent) {
    const txs = await repo.findTxs(ctx.db, [row.withdrawalId]);
    const receipt = await minedReceipt(client, txs);
    if (receipt) {
      const confirmations = Math.max(0, Number(head - receipt.blockNumber) + 1);
      const mined = { minedHash: receipt.transactionHash, minedBlock: Number(receipt.blockNumber), confirmations };
      if (confirmations < network.confirmations) {
        await repo.updateChainWithdrawal(ctx.db, row.withdrawalId, { ...mined, updatedAt: ctx.clock.now() });
        if (confirmations !== row.confirmations) await ctx.deps.withdrawals.progressed(row.withdrawalId);
        continue;
      }
      const cancelled = txs.some((t) => t.hash === receipt.transactionHash && t.kind === "cancel");
      const outcome = cancelled
        ? ({ paid: false, reason: "chain_cancelled" } as const)
        : receipt.status === "success"
          ? ({
              paid: true,
              hash: receipt.transactionHash,
              explorerUrl: explorerOf(network, receipt.transactionHash),
            } as const)
          : ({ paid: false, reason: "chain_reverted" } as const);
      await finish(ctx, row.withdrawalId, outcome, mined);
      continue;
    }
    const latest = txs.at(-1);
    if (!latest || (await knownToNode(client, txs))) continue;
    const used = await client.getTransactionCount({ address: row.hotAddress as Address, blockTag: "latest" });
    if (row.nonce !== null && used > row.nonce) {
      await finish(ctx, row.withdrawalId, { paid: false, reason: "chain_dropped" }, {});
    } else {
      await broadcast(ctx, client, latest.raw as Hex, latest.hash as Hex);
    }
  }
}

function finish(
  ctx: SendContext,
  id: number,
  outcome: { paid: true; hash: string; explorerUrl: string | null } | { paid: false; reason: string },
  mined: Partial<Pick<repo.ChainWithdrawalRow, "minedHash" | "minedBlock" | "confirmations">>,
) {
  return withTransaction(ctx.db, async (tx) => {
    const row = await repo.lockChainWithdrawal(tx, id);
    if (row?.state !== "sent") return;
    await ctx.deps.withdrawals.finishOnChain(tx, id, outcome);
    await repo.updateChainWithdrawal(tx, id, { ...mined, state: "done", updatedAt: ctx.clock.now() });
  });
}
