// Proof of reserves (issue 44), checked apart from the server's code: the Merkle sum tree exactly as published in
// docs/design/money.md ("Proof of reserves") and packages/contract/src/reserves.ts, rewritten here on Node's standard
// library so the verifier stays independent (decision 132).
import { createHash } from "node:crypto";
import { addDecimal, compareDecimal, parseDecimal } from "./decimal.mjs";

const sha256Hex = (text) => createHash("sha256").update(text).digest("hex");

/** The currencies sorted by code, each `CODE:amount`, joined by `;`. */
export const canon = (sums) =>
  Object.keys(sums)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((code) => `${code}:${sums[code]}`)
    .join(";");

/** L + R per currency, keeping the places (a currency missing on one side counts 0). */
function addSums(left, right) {
  const out = { ...left };
  for (const [code, amount] of Object.entries(right)) {
    if (out[code] === undefined) out[code] = amount;
    else {
      const places = Math.max(parseDecimal(out[code]).scale, parseDecimal(amount).scale);
      const sum = parseDecimal(addDecimal(out[code], amount));
      const units = sum.units * 10n ** BigInt(places - sum.scale);
      const negative = units < 0n;
      const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
      out[code] = `${negative ? "-" : ""}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}`;
    }
  }
  return out;
}

export const leafHash = (snapshotId, leaf) => sha256Hex(`leaf\n${snapshotId}\n${leaf.nonce}\n${canon(leaf.balances)}`);

const parent = (l, r) => ({
  hash: sha256Hex(`node\n${l.hash}\n${canon(l.sums)}\n${r.hash}\n${canon(r.sums)}`),
  sums: addSums(l.sums, r.sums),
});

const negatives = (sums) => Object.entries(sums).filter(([, v]) => compareDecimal(v, "0") < 0);

/** A user's leaf and path against the snapshot's root: the problems found, empty when sound. */
export function checkProof(snapshot, proof) {
  const issues = [];
  if (!proof.included) return issues;
  const { leaf, path } = proof;
  if (leafHash(snapshot.snapshot_id, leaf) !== leaf.hash) issues.push("the leaf's hash does not match its balances");
  let node = { hash: leaf.hash, sums: leaf.balances };
  for (const [code] of negatives(node.sums)) issues.push(`the leaf owes a negative ${code}`);
  for (const [i, step] of path.entries()) {
    for (const [code, v] of negatives(step.sums)) issues.push(`step ${i + 1}: a sibling with ${code} ${v} below zero`);
    node = step.side === "left" ? parent(step, node) : parent(node, step);
    for (const [code, v] of negatives(node.sums)) issues.push(`step ${i + 1}: a node with ${code} ${v} below zero`);
  }
  if (node.hash !== snapshot.root.hash) issues.push("the path does not end at the published root's hash");
  if (canon(node.sums) !== canon(snapshot.root.sums)) issues.push("the path's sums differ from the root's");
  return issues;
}

/** JSON-RPC over Node's fetch. */
async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = await response.json();
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

const hex = (n) => `0x${BigInt(n).toString(16)}`;
const word = (h) => h.replace(/^0x/, "").padStart(64, "0");

function unitsToDecimal(units, decimals) {
  const digits = units.toString().padStart(decimals + 1, "0");
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/** What an address held at `block` on the node: the coin's balance, or the token's balanceOf. */
export async function balanceAt(url, reserve) {
  const block = hex(reserve.block);
  const units = reserve.token
    ? BigInt(await rpc(url, "eth_call", [{ to: reserve.token, data: `0x70a08231${word(reserve.address)}` }, block]))
    : BigInt(await rpc(url, "eth_getBalance", [reserve.address, block]));
  return unitsToDecimal(units, reserve.decimals);
}

/**
 * The signer of an EIP-191 message, asked of the node itself: keccak-256 by `web3_sha3` and the ecrecover
 * precompile (address 0x01) by `eth_call`, so the verifier needs no elliptic-curve code of its own.
 */
export async function recoverSigner(url, message, signature) {
  const body = Buffer.from(message, "utf8");
  const prefixed = Buffer.concat([Buffer.from(`\x19Ethereum Signed Message:\n${body.length}`, "utf8"), body]);
  const digest = await rpc(url, "web3_sha3", [`0x${prefixed.toString("hex")}`]);
  const sig = signature.replace(/^0x/, "");
  const r = sig.slice(0, 64);
  const s = sig.slice(64, 128);
  let v = Number.parseInt(sig.slice(128, 130), 16);
  if (v < 27) v += 27;
  const out = await rpc(url, "eth_call", [
    { to: "0x0000000000000000000000000000000000000001", data: `0x${word(digest)}${word(hex(v))}${r}${s}` },
    "latest",
  ]);
  return `0x${out.slice(-40)}`;
}

/** Per currency: the published reserves (proven and declared) beside the root's liabilities. */
export function coverage(snapshot) {
  const codes = new Set([...Object.keys(snapshot.root.sums), ...snapshot.reserves.map((r) => r.currency)]);
  return [...codes].sort().map((currency) => {
    const of = snapshot.reserves.filter((r) => r.currency === currency);
    const proven = of.filter((r) => r.proven).reduce((a, r) => addDecimal(a, r.balance), "0");
    const declared = of.filter((r) => !r.proven).reduce((a, r) => addDecimal(a, r.balance), "0");
    const owed = snapshot.root.sums[currency] ?? "0";
    const issues = negatives({ [currency]: owed }).map(() => `the root owes a negative ${currency}`);
    return {
      currency,
      owed,
      proven,
      declared,
      covered: compareDecimal(addDecimal(proven, declared), owed) >= 0,
      ok: !issues.length,
      issues,
    };
  });
}
