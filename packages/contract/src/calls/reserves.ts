import { z } from "zod";
import { decimal, id, intLike, paged, pageQuery, timestamp } from "../envelope";
import { amountString } from "../validators";
import { defineCall } from "./define";
import { currencyCode, networkName } from "./funds";

/** Per currency code, an amount with exactly the currency's places (see `@cryptos/contract/reserves`). */
const sums = z.record(z.string(), decimal);

/** What one address held of one currency: read from the chain at `block` (`proven`), or declared by the operator. */
export const reserveHolding = z.object({
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  balance: decimal,
  /** The block the balance was read at; null for a declared amount. */
  block: z.number().int().nullable(),
  /** True when read from the chain's node; false when an operator declared it (a network checked by hand). */
  proven: z.boolean(),
  /** For a balance read on chain: the ERC-20 contract (null for the chain's own coin) and its decimals, to read it again. */
  token: z.string().nullable(),
  decimals: z.number().int().nullable(),
});

/** The hot wallet's EIP-191 signature of `Cryptos reserves <snapshot_id> <root hash>`. */
export const reserveSignature = z.object({
  network: z.string(),
  address: z.string(),
  message: z.string(),
  signature: z.string(),
});

/** A snapshot of liabilities (the Merkle sum tree's root) beside the reserves that back them. */
export const reserveSnapshot = z.object({
  snapshot_id: z.number().int(),
  at: timestamp,
  /** The users (leaves) in the tree. */
  leaves: z.number().int(),
  root: z.object({ hash: z.string(), sums }),
  reserves: z.array(reserveHolding),
  signatures: z.array(reserveSignature),
});
export type ReserveSnapshot = z.infer<typeof reserveSnapshot>;

/** A user's leaf and the siblings from it up to the root; `side` is where the sibling stands. */
export const reserveProof = z.object({
  snapshot_id: z.number().int(),
  /** False when the user had no balance at the snapshot: no leaf, no path. */
  included: z.boolean(),
  leaf: z.object({ nonce: z.string(), balances: sums, hash: z.string() }).nullable(),
  path: z.array(z.object({ hash: z.string(), sums, side: z.enum(["left", "right"]) })),
});
export type ReserveProof = z.infer<typeof reserveProof>;

/** A network checked by hand: an address and amount the operator declares, published as not proven. */
export const declaredReserve = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  amount: decimal,
  updated_at: timestamp,
});

export const reservesCalls = {
  latestReserves: defineCall({
    method: "GET",
    path: "/api/reserves/latest",
    auth: "none",
    summary:
      "Proof of reserves: the latest snapshot's Merkle sum tree root (total liabilities per currency) beside the " +
      "reserves read on chain at one block per network and the hot wallet's signature of the root; null before the first",
    data: reserveSnapshot.nullable(),
  }),
  listReserves: defineCall({
    method: "GET",
    path: "/api/reserves/list",
    auth: "none",
    summary: "Every proof-of-reserves snapshot, newest first",
    query: pageQuery.extend({ list: pageQuery.shape.list.unwrap().default(20) }),
    data: paged(reserveSnapshot),
  }),
  reservesProof: defineCall({
    method: "POST",
    path: "/api/user/reserves/proof",
    auth: "user",
    summary:
      "My leaf in a snapshot's Merkle sum tree (the latest without snapshot_id) and the path from it to the root, " +
      "to check on my device; included false when I had no balance then",
    body: z.object({ snapshot_id: intLike(1, 2_147_483_647).optional() }),
    data: reserveProof,
  }),
  adminReservesSnapshot: defineCall({
    method: "POST",
    path: "/api/admin/reserves/snapshot",
    auth: "operator",
    summary: "Take a proof-of-reserves snapshot now (audited)",
    data: reserveSnapshot,
  }),
  adminReservesDeclared: defineCall({
    method: "POST",
    path: "/api/admin/reserves/declared",
    auth: "operator",
    summary: "The reserves declared by hand for networks without a node",
    data: z.object({ items: z.array(declaredReserve) }),
  }),
  adminReservesDeclare: defineCall({
    method: "POST",
    path: "/api/admin/reserves/declare",
    auth: "operator",
    summary:
      "Declare (or change) what an address holds on a network checked by hand; published with the next snapshot as not proven (audited)",
    body: z.object({
      currency: currencyCode,
      network: networkName,
      address: z.string().trim().min(4).max(128),
      amount: amountString(18),
    }),
    data: declaredReserve,
  }),
  adminReservesUndeclare: defineCall({
    method: "POST",
    path: "/api/admin/reserves/undeclare",
    auth: "operator",
    summary: "Drop a declared reserve (audited)",
    body: z.object({ id }),
    data: z.object({ id: z.number().int() }),
  }),
};
