import { createHash, generateKeyPairSync, sign } from "node:crypto";
import type { ChainedTick, ReceiptKey, UpDownOrder } from "@cryptos/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { headsToCheck } from "../api/get-tick-log";
import { checkSigned, keepSigned, keptOf } from "./receipts";

const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const raw = Buffer.from(publicKey.export({ format: "jwk" }).x as string, "base64url");
const keyId = createHash("sha256").update(raw).digest("hex").slice(0, 16);
const keys: ReceiptKey[] = [
  { key_id: keyId, public_key: raw.toString("base64"), from: "2026-01-01T00:00:00.000Z", until: null },
];
const signed = (payload: object) => {
  const text = JSON.stringify(payload);
  return { payload: text, signature: sign(null, Buffer.from(text), privateKey).toString("base64") };
};

const tick = (id: number, hash: string): ChainedTick => ({
  id,
  hash,
  prev_hash: "0".repeat(64),
  price: "1",
  at: "2026-06-01T12:00:00.000Z",
});
const log = [tick(10, "a".repeat(64)), tick(11, "b".repeat(64)), tick(12, "c".repeat(64))];

function order(exitHash = "c".repeat(64), result: "win" | "lose" = "win"): UpDownOrder {
  return {
    id: 7,
    result,
    payout: result === "win" ? "17.5" : "0",
    receipt: signed({ type: "updown_receipt", key: keyId, id: 7, after_tick: { id: 10, hash: "a".repeat(64) } }),
    settlement: signed({
      type: "updown_settlement",
      key: keyId,
      id: 7,
      entry_tick: { id: 11, hash: "b".repeat(64) },
      exit_tick: { id: 12, hash: exitHash },
      result: "win",
      payout: "17.5",
    }),
  } as UpDownOrder;
}
const picked = { entry: log[1], exit: log[2] };

beforeEach(() => localStorage.clear());

describe("signed receipts on the device", () => {
  it("checks the signatures, the ticks they name and the result", async () => {
    expect(await checkSigned(order(), keys, log, picked)).toEqual({ state: "ok", kept: false });
    // The operator's rewrite: the log's exit tick no longer has the hash the settlement signed.
    expect(await checkSigned(order("d".repeat(64)), keys, log, picked)).toMatchObject({ state: "bad", reason: "tick" });
    const flipped = { ...order(), result: "lose", payout: "0" } as UpDownOrder;
    expect(await checkSigned(flipped, keys, log, picked)).toEqual({ state: "bad", reason: "result" });
    const forged = { ...order(), settlement: { ...order().settlement!, signature: order().receipt!.signature } };
    expect(await checkSigned(forged, keys, log, picked)).toEqual({ state: "bad", reason: "signature" });
    expect(await checkSigned(order(), [], log, picked)).toEqual({ state: "bad", reason: "signature" });
  });

  it("keeps the first copy it saw and catches a server that shows another", async () => {
    const first = order();
    keepSigned(first);
    keepSigned(order("d".repeat(64)));
    expect(keptOf(7)?.settlement).toEqual(first.settlement);
    expect(await checkSigned(first, keys, log, picked)).toEqual({ state: "ok", kept: true });
    expect(await checkSigned(order("d".repeat(64)), keys, log, picked)).toEqual({ state: "bad", reason: "kept" });
  });
});

describe("kept heads", () => {
  it("checks a bounded few: the newest half and the rest spread over the older ones", () => {
    const kept = Array.from({ length: 721 }, (_, i) => i);
    const chosen = headsToCheck(kept, 24);
    expect(chosen).toHaveLength(24);
    expect(chosen.slice(-12)).toEqual(kept.slice(-12));
    expect(chosen[0]).toBe(0);
    expect(headsToCheck([1, 2, 3], 24)).toEqual([1, 2, 3]);
  });
});
