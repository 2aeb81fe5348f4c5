// Signed receipts and settlements of up/down orders (issue 43, decisions 145 and 146): each is a JSON payload and
// an Ed25519 signature over its UTF-8 bytes, by the receipt key the payload names; the server publishes every key it
// ever signed with at /api/index/receiptkey. Node's standard library only.
import { createHash, createPublicKey, verify } from "node:crypto";

/** The published keys by id; each key's id is checked against the key itself (first 16 hex of its SHA-256). */
export function keyring(published) {
  const keys = new Map();
  const problems = [];
  for (const k of published?.keys ?? []) {
    const raw = Buffer.from(k.public_key, "base64");
    if (raw.length !== 32 || createHash("sha256").update(raw).digest("hex").slice(0, 16) !== k.key_id) {
      problems.push(`receipt key ${k.key_id}: its id does not match the key`);
      continue;
    }
    keys.set(
      k.key_id,
      createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" }),
    );
  }
  return { keys, problems };
}

/**
 * Opens one signed record: its payload parsed when the signature holds under the key it names and its type is the
 * one expected; otherwise the problem, naming the order.
 */
export function openSigned(record, type, orderId, ring) {
  const what = type === "updown_receipt" ? "receipt" : "settlement";
  let payload;
  try {
    payload = JSON.parse(record.payload);
  } catch {
    return { problem: `order ${orderId}: its ${what} is not JSON` };
  }
  const key = ring.keys.get(payload.key);
  if (!key) return { problem: `order ${orderId}: its ${what} names key ${payload.key}, which is not published` };
  const valid = verify(null, Buffer.from(record.payload, "utf8"), key, Buffer.from(record.signature, "base64"));
  if (!valid) return { problem: `order ${orderId}: the signature of its ${what} does not hold` };
  if (payload.type !== type || payload.id !== orderId) {
    return { problem: `order ${orderId}: its ${what} is signed for ${payload.type} ${payload.id}` };
  }
  return { payload };
}

/** The order's own fields against its signed receipt: each one that differs. */
export function receiptDifferences(order, receipt, same) {
  const pairs = [
    ["productid", order.productid, receipt.productid],
    ["direction", order.direction, receipt.direction],
    ["currency", order.currency, receipt.currency],
    ["seconds", order.seconds, receipt.seconds],
    ["accepted_at", order.accepted_at, receipt.accepted_at],
    ["settle_at", order.settle_at, receipt.settle_at],
  ];
  const out = pairs.filter(([, a, b]) => a !== b).map(([k, a, b]) => `${k} ${a}, its signed receipt says ${b}`);
  if (!same(order.amount, receipt.amount))
    out.push(`amount ${order.amount}, its signed receipt says ${receipt.amount}`);
  if (!same(order.payout_rate, receipt.rate))
    out.push(`rate ${order.payout_rate}, its signed receipt says ${receipt.rate}`);
  return out.map((d) => `order ${order.id}: ${d}`);
}

/**
 * The positional rule (decision 146): entry = the first tick with id > after_tick.id (at or before settle_at), exit =
 * the last by (time, id) at or before settle_at among the same ticks.
 */
export function entryAndExitAfter(ticks, afterId, until) {
  const to = Date.parse(until);
  const inside = ticks.filter((t) => t.id > afterId && Date.parse(t.at) <= to);
  const entry = [...inside].sort((a, b) => a.id - b.id)[0];
  const exit = [...inside].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id).at(-1);
  return { entry, exit };
}

/**
 * The signed settlement against the log and the order: each tick it names must be in the log with the same hash
 * and be the one the rule picks; its result and payout must be the order's.
 */
export function settlementProblems(order, settlement, ticks, derived, same) {
  const out = [];
  const byId = new Map(ticks.map((t) => [t.id, t]));
  for (const [side, signed, picked] of [
    ["entry", settlement.entry_tick, derived.entry],
    ["exit", settlement.exit_tick, derived.exit],
  ]) {
    if (signed) {
      const logged = byId.get(signed.id);
      if (!logged) out.push(`order ${order.id}: ${side} tick ${signed.id} of its signed settlement is not in the log`);
      else if (logged.hash !== signed.hash) {
        out.push(
          `order ${order.id}: ${side} tick ${signed.id}: the log holds hash ${logged.hash.slice(0, 16)}…, its signed settlement ${signed.hash.slice(0, 16)}…`,
        );
      }
    }
    if ((signed?.id ?? null) !== (picked?.id ?? null)) {
      out.push(
        `order ${order.id}: ${side} tick ${signed?.id ?? "none"} in its signed settlement, the log gives ${picked?.id ?? "none"}`,
      );
    }
  }
  if (settlement.result !== order.result) {
    out.push(`order ${order.id}: result ${order.result}, its signed settlement says ${settlement.result}`);
  }
  if (!same(order.payout ?? "0", settlement.payout)) {
    out.push(`order ${order.id}: payout ${order.payout}, its signed settlement says ${settlement.payout}`);
  }
  return out;
}
