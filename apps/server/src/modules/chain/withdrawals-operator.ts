import type { adminWithdrawal } from "@cryptos/contract";
import type { Address, Hex } from "viem";
import type { z } from "zod";
import { withTransaction } from "../../db/transaction";
import { toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import { loadViem } from "./viem";
import { minedReceipt } from "./withdrawals-follower";
import * as repo from "./withdrawals-repo";
import { broadcast, FALLBACK_GAS, gasFor, type SendContext, transfer } from "./withdrawals-sender";

type WithdrawalView = z.infer<typeof adminWithdrawal>;

/** A replacement must pay at least 10% more than the transaction it replaces (geth, anvil); we pay 12.5%. */
const bump = (fee: bigint) => (fee * 9n) / 8n + 1n;

/* An operator's actions on a chain withdrawal (decision 107): approve a held one, speed up or cancel a stuck one. */

/** An operator lets a held withdrawal be sent, past the daily limit (audited). */
export async function approve(
  ctx: SendContext,
  operatorId: number,
  ip: string | undefined,
  id: number,
): Promise<WithdrawalView> {
  return withTransaction(ctx.db, async (tx) => {
    const row = await repo.lockChainWithdrawal(tx, id);
    if (row?.state !== "held") throw new Refusal("withdraw_not_held", { id });
    const now = ctx.clock.now();
    await repo.updateChainWithdrawal(tx, id, {
      state: "queued",
      approvedBy: operatorId,
      approvedAt: now,
      releasedAt: now,
      updatedAt: now,
    });
    await ctx.deps.admin.audit(tx, {
      operatorId,
      action: "withdrawal.approve_send",
      target: { type: "withdrawal", id },
      before: { state: "held" },
      after: { state: "queued", network: row.network, currency: row.currency },
      ip,
    });
    return ctx.deps.withdrawals.view(tx, id);
  });
}

/**
 * Replaces a sent, unmined transaction with one paying a higher fee at the same nonce (at least 12.5% more on
 * both fee caps, and no less than the node's estimate now), stored before it is broadcast and audited. Both
 * hashes are followed; whichever is mined completes the withdrawal, and the nonce pays it once.
 */
export function speedUp(
  ctx: SendContext,
  operatorId: number,
  ip: string | undefined,
  id: number,
): Promise<WithdrawalView> {
  return replace(ctx, operatorId, ip, id, "transfer");
}

/**
 * An operator's "mark failed" on a sent, unmined withdrawal, made safe: a zero-value transfer from the hot wallet
 * to itself at the same nonce and a higher fee, stored before broadcast and audited. If it is mined, the withdrawal
 * fails and its funds return; if the original is mined first, it completes. Either way the nonce pays once.
 */
export function cancel(
  ctx: SendContext,
  operatorId: number,
  ip: string | undefined,
  id: number,
): Promise<WithdrawalView> {
  return replace(ctx, operatorId, ip, id, "cancel");
}

async function replace(
  ctx: SendContext,
  operatorId: number,
  ip: string | undefined,
  id: number,
  kind: "transfer" | "cancel",
): Promise<WithdrawalView> {
  const hot = ctx.hotWallet;
  const found = (await repo.findChainWithdrawals(ctx.db, [id]))[0];
  await ctx.refresh();
  const network = found && ctx.network(found.network);
  if (!hot || !found || !network || found.state !== "sent" || found.minedHash) {
    throw new Refusal("withdraw_not_stuck", { id });
  }
  const client = await ctx.client(network);
  const { keccak256, parseTransaction } = await loadViem();
  const txs = await repo.findTxs(ctx.db, [id]);
  const last = txs.at(-1);
  if (!last || (await minedReceipt(client, txs))) throw new Refusal("withdraw_not_stuck", { id });
  const destination = await ctx.deps.withdrawals.destination(ctx.db, id);
  const call =
    kind === "cancel" ? { to: hot.address, data: undefined, value: 0n } : await transfer(found, destination as Address);
  // The same gas as the transaction it replaces: an estimate now would run after it, on a state it changed.
  const gas =
    kind === "cancel"
      ? FALLBACK_GAS.native
      : (parseTransaction(last.raw as Hex).gas ?? (await gasFor(ctx, client, found, call)));
  const estimate = await client.estimateFeesPerGas();
  const maxPriorityFeePerGas = [bump(BigInt(toAmount(last.maxPriorityFeePerGas))), estimate.maxPriorityFeePerGas];
  const maxFeePerGas = [bump(BigInt(toAmount(last.maxFeePerGas))), estimate.maxFeePerGas];
  const fees = {
    maxPriorityFeePerGas: maxPriorityFeePerGas.reduce((a, b) => (a > b ? a : b)),
    maxFeePerGas: maxFeePerGas.reduce((a, b) => (a > b ? a : b)),
  };
  if (fees.maxFeePerGas < fees.maxPriorityFeePerGas) fees.maxFeePerGas = fees.maxPriorityFeePerGas;
  const stored = await withTransaction(ctx.db, async (tx) => {
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
      createdAt: ctx.clock.now(),
    });
    await ctx.deps.admin.audit(tx, {
      operatorId,
      action: kind === "cancel" ? "withdrawal.cancel_send" : "withdrawal.speed_up",
      target: { type: "withdrawal", id },
      before: { hash: last.hash, max_fee_per_gas: toAmount(last.maxFeePerGas) },
      after: { hash, max_fee_per_gas: fees.maxFeePerGas.toString(), nonce: row.nonce },
      ip,
    });
    return { raw, hash };
  });
  await broadcast(ctx, client, stored.raw, stored.hash);
  return ctx.deps.withdrawals.view(ctx.db, id);
}
