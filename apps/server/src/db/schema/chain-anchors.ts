import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One pair's head as anchored: `productid:id:hash` is its line of the root; `at` only finds it in the log. */
export interface AnchoredHead {
  productid: number;
  id: number;
  hash: string;
  at: string;
}

/**
 * The tick log's heads anchored on chain (decision 148): every ANCHOR_EVERY the hot wallet sends a zero-value
 * transaction to itself whose data is `root` = sha256 of every pair's head as `productid:id:hash`, sorted by
 * productid, joined by "\n". Signed with a nonce taken from `hot_wallet_nonces` (the withdrawals' sequence) and
 * stored before it is broadcast, like a withdrawal's. `state`: `sent` (stored, waiting for its confirmations),
 * `done` (mined and confirmed: listed publicly), `dropped` (its nonce went to another transaction; the next
 * interval anchors again).
 */
export const chainAnchors = pgTable(
  "chain_anchors",
  {
    id: serial("id").primaryKey(),
    network: text("network").notNull(),
    chainId: integer("chain_id").notNull(),
    /** When the heads were read. */
    at: at("at").notNull(),
    /** sha256 of the lines, hex (the transaction's 32 bytes of data). */
    root: text("root").notNull(),
    heads: jsonb("heads").$type<AnchoredHead[]>().notNull(),
    fromAddress: text("from_address").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    txHash: text("tx_hash").notNull(),
    raw: text("raw").notNull(),
    state: text("state").notNull(),
    broadcastAt: at("broadcast_at"),
    block: bigint("block", { mode: "number" }),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("chain_anchors_tx_hash").on(t.txHash),
    index("chain_anchors_network_state").on(t.network, t.state, t.id),
  ],
);
