import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { decimalColumn } from "./columns";
import { withdrawals } from "./funds";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The next nonce of one hot wallet on one network. A send takes it under `FOR UPDATE` in the transaction that
 * stores the signed transaction, so two senders (instances) never sign two transactions with one nonce.
 */
export const hotWalletNonces = pgTable(
  "hot_wallet_nonces",
  {
    network: text("network").notNull(),
    address: text("address").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);

/**
 * A withdrawal an operator completed on a network with a node: what the sender does with it. `state`: `held` (over
 * the hot wallet's daily limit, waits for an operator's approval), `queued` (to be signed), `sent` (signed
 * transaction(s) stored, waiting for N confirmations), `done` (completed or failed; the withdrawal row says which).
 */
export const chainWithdrawals = pgTable(
  "chain_withdrawals",
  {
    withdrawalId: integer("withdrawal_id")
      .primaryKey()
      .references(() => withdrawals.id),
    network: text("network").notNull(),
    chainId: integer("chain_id").notNull(),
    currency: text("currency").notNull(),
    /** The ERC-20 contract, or null for the native coin. */
    token: text("token"),
    /** The amount in the chain's smallest unit (amount x 10^decimals), exactly the user's amount. */
    units: decimalColumn("units").notNull(),
    state: text("state").notNull(),
    hotAddress: text("hot_address"),
    nonce: bigint("nonce", { mode: "number" }),
    /** The hash of the transaction that was mined (one of the stored ones). */
    minedHash: text("mined_hash"),
    minedBlock: bigint("mined_block", { mode: "number" }),
    confirmations: integer("confirmations").notNull().default(0),
    queuedAt: at("queued_at").notNull(),
    /** When it was let through to be signed (at once, or at an operator's approval when held): the daily limit's clock. */
    releasedAt: at("released_at"),
    approvedBy: integer("approved_by"),
    approvedAt: at("approved_at"),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    index("chain_withdrawals_state").on(t.state, t.withdrawalId),
    // One nonce of one hot wallet on one network pays at most one withdrawal.
    uniqueIndex("chain_withdrawals_nonce").on(t.network, t.hotAddress, t.nonce),
  ],
);

/**
 * A signed transaction of a chain withdrawal, stored before it is broadcast: a crash re-broadcasts it as it is. A
 * replacement (higher fee, same nonce) is another row of the same withdrawal; whichever is mined wins.
 */
export const chainWithdrawalTxs = pgTable(
  "chain_withdrawal_txs",
  {
    id: serial("id").primaryKey(),
    withdrawalId: integer("withdrawal_id")
      .notNull()
      .references(() => chainWithdrawals.withdrawalId),
    hash: text("hash").notNull(),
    raw: text("raw").notNull(),
    /**
     * `transfer` pays the withdrawal; `cancel` is an operator's zero-value transfer to the hot wallet itself at the
     * same nonce: mined, it fails the withdrawal and returns the funds.
     */
    kind: text("kind").notNull().default("transfer"),
    maxFeePerGas: decimalColumn("max_fee_per_gas").notNull(),
    maxPriorityFeePerGas: decimalColumn("max_priority_fee_per_gas").notNull(),
    createdAt: at("created_at").notNull(),
    broadcastAt: at("broadcast_at"),
  },
  (t) => [
    uniqueIndex("chain_withdrawal_txs_hash").on(t.hash),
    index("chain_withdrawal_txs_withdrawal").on(t.withdrawalId),
  ],
);
