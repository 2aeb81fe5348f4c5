import {
  type ChainedTick,
  type ReceiptKey,
  type ReceiptPayload,
  type SettlementPayload,
  type SignedRecord,
  STORAGE_KEYS,
  type UpDownOrder,
} from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";
import { storage } from "@/lib/storage";

/** Orders whose signed records this device keeps: the newest by id. */
const KEEP = 500;

interface Kept {
  receipt: SignedRecord;
  settlement: SignedRecord | null;
}

function readAll(): Record<string, Kept> {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.updownReceipts) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps an order's signed receipt and settlement on this device as first seen: a later copy never replaces one
 * already kept, so a server that changes them afterwards is caught by the copy here.
 */
export function keepSigned(order: Pick<UpDownOrder, "id" | "receipt" | "settlement">) {
  if (!order.receipt) return;
  const all = readAll();
  const prior = all[order.id];
  if (prior && (prior.settlement || !order.settlement)) return;
  all[order.id] = { receipt: prior?.receipt ?? order.receipt, settlement: prior?.settlement ?? order.settlement };
  for (const id of Object.keys(all)
    .map(Number)
    .sort((a, b) => b - a)
    .slice(KEEP)) {
    delete all[id];
  }
  storage.set(STORAGE_KEYS.updownReceipts, JSON.stringify(all));
}

export const keptOf = (id: number): Kept | undefined => readAll()[id];

const parse = <T>(record: SignedRecord | null | undefined): T | undefined => {
  try {
    return record ? (JSON.parse(record.payload) as T) : undefined;
  } catch {
    return undefined;
  }
};

/** The pair's head the order's receipt names (the entry is the first tick after it), if it has a receipt. */
export const afterTickOf = (order: UpDownOrder) => parse<ReceiptPayload>(order.receipt)?.after_tick;

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Whether the record's Ed25519 signature holds under the published key it names; "unsupported" without Web Crypto's. */
async function holds(record: SignedRecord, keys: readonly ReceiptKey[]): Promise<boolean | "unsupported"> {
  const named = parse<{ key?: string }>(record)?.key;
  const key = keys.find((k) => k.key_id === named);
  if (!key) return false;
  let imported: CryptoKey;
  try {
    imported = await crypto.subtle.importKey("raw", bytes(key.public_key), { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return "unsupported";
  }
  try {
    return await crypto.subtle.verify(
      { name: "Ed25519" },
      imported,
      bytes(record.signature),
      new TextEncoder().encode(record.payload),
    );
  } catch {
    return false;
  }
}

export type SignedCheck =
  | { state: "none" | "unsupported" | "ok"; kept?: boolean }
  | { state: "bad"; reason: "signature" | "kept" | "result" }
  | { state: "bad"; reason: "tick"; tick: number };

/**
 * The order against what the server signed, on this device: the copy kept here (if any) must be the server's, every
 * signature must hold under a published key, the ticks the records name must be in the log with the same hash and be
 * the ones the rule picks (`entry`, `exit`), and the result and payout must be the order's.
 */
export async function checkSigned(
  order: UpDownOrder,
  keys: readonly ReceiptKey[],
  log: readonly ChainedTick[],
  picked: { entry?: ChainedTick | undefined; exit?: ChainedTick | undefined },
): Promise<SignedCheck> {
  const kept = keptOf(order.id);
  if (!order.receipt && !kept) return { state: "none" };
  const receipt = kept?.receipt ?? order.receipt;
  const settlement = kept?.settlement ?? order.settlement;
  if (
    (kept && order.receipt?.payload !== kept.receipt.payload) ||
    (kept?.settlement && order.settlement?.payload !== kept.settlement.payload)
  ) {
    return { state: "bad", reason: "kept" };
  }
  for (const record of [receipt, settlement]) {
    if (!record) continue;
    const result = await holds(record, keys);
    if (result === "unsupported") return { state: "unsupported" };
    if (!result) return { state: "bad", reason: "signature" };
  }
  const byId = new Map(log.map((t) => [t.id, t]));
  const after = parse<ReceiptPayload>(receipt)?.after_tick;
  if (after && after.id > 0 && byId.get(after.id)?.hash !== after.hash)
    return { state: "bad", reason: "tick", tick: after.id };
  const signed = parse<SettlementPayload>(settlement);
  if (signed) {
    for (const [link, tick] of [
      [signed.entry_tick, picked.entry],
      [signed.exit_tick, picked.exit],
    ] as const) {
      if (link && byId.get(link.id)?.hash !== link.hash) return { state: "bad", reason: "tick", tick: link.id };
      if ((link?.id ?? null) !== (tick?.id ?? null))
        return { state: "bad", reason: "tick", tick: link?.id ?? tick!.id };
    }
    if (signed.result !== order.result || compare(signed.payout, order.payout ?? "0") !== 0) {
      return { state: "bad", reason: "result" };
    }
  }
  return { state: "ok", kept: Boolean(kept) };
}
