/**
 * Proof of reserves (issue 44): the Merkle sum tree of users' balances, in one place for the server that builds it,
 * the app that checks its user's leaf on the device and the tests. Each node carries its subtree's totals, so an
 * operator cannot hide a debt in a negative or missing leaf: every user's path ends at the published root's sums.
 *
 *   canon(b)   = the currencies sorted by code, each `CODE:amount`, joined by `;`
 *   leaf hash  = sha256_hex("leaf\n" + snapshot_id + "\n" + nonce + "\n" + canon(balances))
 *   node hash  = sha256_hex("node\n" + L.hash + "\n" + canon(L.sums) + "\n" + R.hash + "\n" + canon(R.sums))
 *   node sums  = L.sums + R.sums per currency (missing counts 0; the currency's places kept)
 *
 * Leaves sit in a random order; an odd node at the end of a level goes up unchanged. SHA-256 is Web Crypto's
 * (`crypto.subtle`, in browsers and in Node), so nothing is bundled for it. Amounts are exact: scaled BigInts.
 */

/** Per currency code, an amount as a decimal string with exactly the currency's places. */
export type Sums = Record<string, string>;

export interface SumNode {
  hash: string;
  sums: Sums;
}

/** One step of a path from a leaf up: the sibling, and on which side of the running node it stands. */
export interface PathStep extends SumNode {
  side: "left" | "right";
}

export interface Leaf {
  nonce: string;
  balances: Sums;
}

/** What the hot wallet signs (EIP-191) for a snapshot. */
export const reservesMessage = (snapshotId: number | string, rootHash: string) =>
  `Cryptos reserves ${snapshotId} ${rootHash}`;

const AMOUNT = /^(-)?(\d+)(?:\.(\d+))?$/;

function scaled(value: string): { units: bigint; places: number } {
  const match = AMOUNT.exec(value);
  if (!match) throw new TypeError(`not a decimal amount: "${value}"`);
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, places: fraction.length };
}

function render(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
}

/** a + b, at the larger of their places (both carry their currency's). */
export function addAmounts(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  const places = Math.max(x.places, y.places);
  return render(x.units * 10n ** BigInt(places - x.places) + y.units * 10n ** BigInt(places - y.places), places);
}

/** True when the amount is below zero. */
export const isNegative = (amount: string) => scaled(amount).units < 0n;

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The currencies sorted by code, each `CODE:amount`, joined by `;` ("" for none). */
export const canon = (sums: Sums) =>
  Object.keys(sums)
    .sort(byCode)
    .map((code) => `${code}:${sums[code]}`)
    .join(";");

/** The inverse of `canon`, for sums stored in their canonical text. */
export function parseCanon(text: string): Sums {
  const out: Sums = {};
  for (const part of text ? text.split(";") : []) {
    const at = part.indexOf(":");
    out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/** L.sums + R.sums per currency; a currency missing on one side counts 0. */
export function addSums(left: Sums, right: Sums): Sums {
  const out: Sums = { ...left };
  for (const [code, amount] of Object.entries(right)) {
    const mine = out[code];
    out[code] = mine === undefined ? amount : addAmounts(mine, amount);
  }
  return out;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export const leafHash = (snapshotId: number | string, leaf: Leaf) =>
  sha256Hex(`leaf\n${snapshotId}\n${leaf.nonce}\n${canon(leaf.balances)}`);

/** The parent of two nodes: its hash and its sums. */
export async function parentOf(left: SumNode, right: SumNode): Promise<SumNode> {
  const hash = await sha256Hex(`node\n${left.hash}\n${canon(left.sums)}\n${right.hash}\n${canon(right.sums)}`);
  return { hash, sums: addSums(left.sums, right.sums) };
}

/**
 * Every level of the tree, the leaves (in the order given) first and the root's level last. An empty snapshot has
 * one level holding the empty root: the hash of no leaves, sums none.
 */
export async function buildLevels(snapshotId: number | string, leaves: readonly Leaf[]): Promise<SumNode[][]> {
  const first = await Promise.all(
    leaves.map(async (leaf) => ({ hash: await leafHash(snapshotId, leaf), sums: leaf.balances })),
  );
  if (first.length === 0) return [[{ hash: await sha256Hex(`empty\n${snapshotId}`), sums: {} }]];
  const levels = [first];
  for (let level = first; level.length > 1; ) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as SumNode;
      const right = level[i + 1];
      next.push(right ? await parentOf(left, right) : left);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** Where a path's steps come from: for the leaf at `position`, each level's sibling (none for an odd last node). */
export function siblingPositions(
  levelSizes: readonly number[],
  position: number,
): { level: number; position: number }[] {
  const out: { level: number; position: number }[] = [];
  let at = position;
  for (let level = 0; level < levelSizes.length - 1; level++) {
    const sibling = at ^ 1;
    if (sibling < (levelSizes[level] ?? 0)) out.push({ level, position: sibling });
    at >>= 1;
  }
  return out;
}

/** The sizes of a tree's levels for `leaves` leaves, the leaves' first. */
export function levelSizes(leaves: number): number[] {
  const sizes = [Math.max(leaves, 1)];
  while ((sizes.at(-1) ?? 1) > 1) sizes.push(Math.ceil((sizes.at(-1) ?? 1) / 2));
  return sizes;
}

/** Where a sibling at `position` stands: an even position is a left child, an odd one a right child. */
export const sideOf = (position: number): "left" | "right" => (position % 2 === 0 ? "left" : "right");

export type PathCheck =
  | { ok: true; root: SumNode }
  | { ok: false; reason: "leaf_hash" | "negative" | "root_hash" | "root_sums" | "bad_amount"; at?: number };

/**
 * A user's proof against the published root: the leaf's hash from its nonce and balances, then each step up to the
 * root, no node with a negative sum, and the end equal to the root in hash and sums.
 */
export async function verifyPath(
  snapshotId: number | string,
  leaf: Leaf & { hash: string },
  path: readonly PathStep[],
  root: SumNode,
): Promise<PathCheck> {
  try {
    if ((await leafHash(snapshotId, leaf)) !== leaf.hash) return { ok: false, reason: "leaf_hash" };
    let node: SumNode = { hash: leaf.hash, sums: leaf.balances };
    if (Object.values(node.sums).some(isNegative)) return { ok: false, reason: "negative", at: 0 };
    for (const [i, step] of path.entries()) {
      if (Object.values(step.sums).some(isNegative)) return { ok: false, reason: "negative", at: i + 1 };
      node = step.side === "left" ? await parentOf(step, node) : await parentOf(node, step);
    }
    if (node.hash !== root.hash) return { ok: false, reason: "root_hash" };
    if (canon(node.sums) !== canon(root.sums)) return { ok: false, reason: "root_sums" };
    return { ok: true, root: node };
  } catch {
    return { ok: false, reason: "bad_amount" };
  }
}
