import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { deposits } from "./funds";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });
const blockNumber = (name: string) => bigint(name, { mode: "bigint" });

/**
 * Child indexes of the networks' account xpubs (m/44'/60'/0'/0/i), one sequence for all networks: an index is
 * taken by one statement (nextval), never handed out twice, and two networks sharing one xpub never share an
 * address (decision 105).
 */
export const depositAddressIndex = pgSequence("deposit_address_index", { startWith: 0, minValue: 0 });

/** A user's own deposit address on an on-chain network; allocated on first ask, never reused or changed. */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    network: text("network").notNull(),
    /** The child index i of m/44'/60'/0'/0/i. */
    index: integer("index").notNull(),
    /** Lower-case 0x address (shown checksummed). */
    address: text("address").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("deposit_addresses_user_network").on(t.userId, t.network),
    uniqueIndex("deposit_addresses_network_index").on(t.network, t.index),
    uniqueIndex("deposit_addresses_address").on(t.address),
  ],
);

/** Every write of chain_networks takes the next number: an instance reloads when a (network, version) changed. */
export const chainNetworkVersion = pgSequence("chain_network_version", { startWith: 1, minValue: 1 });

/**
 * The networks with a node (decision 109): those of CHAIN_NETWORKS_FILE, written from the file at each start
 * (`source` file, read-only in the console), and those an operator added in the console (`source` console). The
 * settings are the file's shape exactly (the contract's chainNetworkSchema), node URL included: it never leaves
 * the server.
 */
export const chainNetworks = pgTable("chain_networks", {
  network: text("network").primaryKey(),
  config: jsonb("config").notNull(),
  source: text("source").notNull(),
  version: bigint("version", { mode: "bigint" }).notNull(),
  updatedAt: at("updated_at").notNull(),
  /** The operator of the last console save; null when written from the file. */
  updatedBy: integer("updated_by"),
});

/** Where the watcher of one network is: the last block it has read, and what went wrong last (console). */
export const chainCursors = pgTable("chain_cursors", {
  network: text("network").primaryKey(),
  chainId: integer("chain_id").notNull(),
  /** The last block whose transfers are recorded; the next pass reads from the one after. */
  block: blockNumber("block").notNull(),
  /** The node's head at the last successful pass. */
  head: blockNumber("head"),
  passedAt: at("passed_at"),
  lastError: text("last_error"),
  lastErrorAt: at("last_error_at"),
});

/** Hashes of the recent (unconfirmed) blocks the watcher read: a parent-hash mismatch shows a reorg. */
export const chainBlocks = pgTable(
  "chain_blocks",
  {
    network: text("network").notNull(),
    number: blockNumber("number").notNull(),
    hash: text("hash").notNull(),
    parentHash: text("parent_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

/**
 * A transfer to one of our deposit addresses, by the chain's own identity (chain id, tx hash, log index; -1 for a
 * native transfer): confirming -> credited, or dropped (vanished in a reorg), or below_minimum (recorded, not
 * credited). The user's deposit row (`deposit_id`) shows it in the Recharge log and carries the credit.
 */
export const chainDeposits = pgTable(
  "chain_deposits",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    network: text("network").notNull(),
    currency: text("currency").notNull(),
    /** The ERC-20 contract (lower case), or null for the native coin. */
    token: text("token"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    blockNumber: blockNumber("block_number").notNull(),
    blockHash: text("block_hash").notNull(),
    /** The on-chain integer (smallest units). */
    rawAmount: numeric("raw_amount", { precision: 78, scale: 0 }).notNull(),
    /** Credited: raw / 10^decimals truncated to the currency's places. */
    amount: decimalColumn("amount").notNull(),
    /** What the truncation left out, never credited (shown to operators). */
    remainder: decimalColumn("remainder").notNull(),
    status: text("status").notNull(),
    confirmations: integer("confirmations").notNull().default(0),
    required: integer("required").notNull(),
    depositId: integer("deposit_id")
      .notNull()
      .references(() => deposits.id),
    createdAt: at("created_at").notNull(),
    creditedAt: at("credited_at"),
  },
  (t) => [
    uniqueIndex("chain_deposits_identity").on(t.chainId, t.txHash, t.logIndex),
    uniqueIndex("chain_deposits_deposit").on(t.depositId),
    index("chain_deposits_open").on(t.network, t.status),
  ],
);
