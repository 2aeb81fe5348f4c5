import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";

/** What one address held of one currency at a snapshot, as published. */
export interface StoredHolding {
  currency: string;
  network: string;
  address: string;
  balance: string;
  block: number | null;
  proven: boolean;
  /** For a balance read on chain: the ERC-20 contract (null for the chain's own coin) and its decimals. */
  token: string | null;
  decimals: number | null;
}

export interface StoredSignature {
  network: string;
  address: string;
  message: string;
  signature: string;
}

/**
 * A proof-of-reserves snapshot (issue 44): the root of the Merkle sum tree of users' balances, taken in one database
 * snapshot, beside the reserves read on chain at one block per network and the hot wallet's signatures of the root.
 * Sums are stored in their canonical text (`canon`), exact.
 */
export const reserveSnapshots = pgTable(
  "reserve_snapshots",
  {
    id: serial("id").primaryKey(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    /** The operator who asked for it; null for the schedule (RESERVES_EVERY). */
    takenBy: integer("taken_by"),
    rootHash: text("root_hash").notNull(),
    rootSums: text("root_sums").notNull(),
    leaves: integer("leaves").notNull(),
    reserves: jsonb("reserves").$type<StoredHolding[]>().notNull(),
    signatures: jsonb("signatures").$type<StoredSignature[]>().notNull(),
  },
  (t) => [index("reserve_snapshots_taken_at").on(t.takenAt)],
);

/** Every node of a snapshot's tree: level 0 the leaves (their sums are the user's balances), the last the root. */
export const reserveNodes = pgTable(
  "reserve_nodes",
  {
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => reserveSnapshots.id),
    level: integer("level").notNull(),
    position: integer("position").notNull(),
    hash: text("hash").notNull(),
    sums: text("sums").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);

/** Whose leaf is where: the user, the leaf's position and its nonce (32 random bytes, new per user per snapshot). */
export const reserveLeaves = pgTable(
  "reserve_leaves",
  {
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => reserveSnapshots.id),
    userId: integer("user_id").notNull(),
    position: integer("position").notNull(),
    nonce: text("nonce").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);

/** Reserves on networks checked by hand: an address and amount the operator declares; published as not proven. */
export const reserveDeclared = pgTable(
  "reserve_declared",
  {
    id: serial("id").primaryKey(),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    amount: decimalColumn("amount").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by"),
  },
  (t) => [uniqueIndex("reserve_declared_unique").on(t.currency, t.network, t.address)],
);
