import type { ReceiptKey, ReceiptPayload, SettlementPayload, SignedRecord, UpDownResult } from "@cryptos/contract";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import type { TickRef } from "./market-reader";
import { loadReceiptKey, type ReceiptSigner } from "./receipt-key";
import type { NewOrder, OrderRow } from "./repo";
import * as repo from "./repo";

/** A tick as a signed record names it. */
const link = (tick: { id: number; hash?: string | undefined } | undefined) =>
  tick ? { id: tick.id, hash: tick.hash ?? "" } : null;

/** The receipt's payload: the order as accepted, and its pair's head read in the acceptance transaction. */
export function receiptPayload(
  keyId: string,
  id: number,
  order: NewOrder,
  after: { id: number; hash: string },
): string {
  const payload: ReceiptPayload = {
    type: "updown_receipt",
    key: keyId,
    id,
    productid: order.pairId,
    direction: order.direction as ReceiptPayload["direction"],
    amount: toAmount(order.amount),
    currency: order.currency,
    seconds: order.seconds,
    rate: toAmount(order.payoutRate),
    accepted_at: order.acceptedAt.toISOString(),
    settle_at: order.settleAt.toISOString(),
    after_tick: after,
  };
  return JSON.stringify(payload);
}

/** The settlement's payload: the ticks the result rests on (their hashes as the log holds them), result, payout. */
export function settlementPayload(
  keyId: string,
  order: OrderRow,
  ticks: { entry?: TickRef | undefined; exit?: TickRef | undefined },
  result: UpDownResult,
  payout: string,
  settledAt: Date,
): string {
  const payload: SettlementPayload = {
    type: "updown_settlement",
    key: keyId,
    id: order.id,
    productid: order.pairId,
    entry_tick: link(ticks.entry),
    exit_tick: link(ticks.exit),
    result,
    payout: toAmount(new Money(payout)),
    settled_at: settledAt.toISOString(),
  };
  return JSON.stringify(payload);
}

export const signedOf = (payload: string | null, signature: string | null): SignedRecord | null =>
  payload && signature ? { payload, signature } : null;

/**
 * The server's receipt key (decision 145): loaded (or made) once from its file, published in `receipt_keys` the
 * first time it signs, and every key published before still answered, so a receipt kept for years still checks.
 */
export class ReceiptKeys {
  private signer_: Promise<ReceiptSigner> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly file: string,
  ) {}

  /** The signer, its key published; the app's start calls it, so a bad key file stops the start. */
  signer(): Promise<ReceiptSigner> {
    this.signer_ ??= (async () => {
      const signer = loadReceiptKey(this.file);
      await repo.publishReceiptKey(this.db, signer.keyId, signer.publicKey, this.clock.now());
      return signer;
    })().catch((error: unknown) => {
      this.signer_ = undefined;
      throw error;
    });
    return this.signer_;
  }

  /** This instance's key, and every published key with when it began and (once another followed) ended signing. */
  async published(): Promise<ReceiptKey & { keys: ReceiptKey[] }> {
    const signer = await this.signer();
    const rows = await repo.listReceiptKeys(this.db);
    const keys: ReceiptKey[] = rows.map((k, i) => ({
      key_id: k.keyId,
      public_key: k.publicKey,
      from: k.firstUsedAt.toISOString(),
      until: rows[i + 1]?.firstUsedAt.toISOString() ?? null,
    }));
    const own = keys.find((k) => k.key_id === signer.keyId);
    return {
      key_id: signer.keyId,
      public_key: signer.publicKey,
      from: own?.from ?? this.clock.now().toISOString(),
      until: own?.until ?? null,
      keys,
    };
  }
}
