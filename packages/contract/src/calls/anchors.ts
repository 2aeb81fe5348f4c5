import { z } from "zod";
import { paged, pageQuery, timestamp } from "../envelope";
import { defineCall } from "./define";

/**
 * One pair's head as an anchor holds it; its line of the root is `productid:id:hash`. `at` (the tick's time) is not
 * in the root: it only finds the tick in the log (`/api/index/ticks?from=at`).
 */
export const anchoredHead = z.object({
  productid: z.number().int(),
  id: z.number().int(),
  hash: z.string(),
  at: timestamp,
});

/**
 * The tick log's heads anchored on chain: a zero-value transaction from the hot wallet (`from`) to itself whose
 * 32 bytes of data are `root` = sha256(every pair's head as `productid:id:hash`, sorted by productid, joined by "\n").
 */
export const tickAnchor = z.object({
  /** When the heads were read. */
  at: timestamp,
  /** sha256 of the lines, 64 hex digits (the transaction's data without its 0x). */
  root: z.string(),
  heads: z.array(anchoredHead),
  /** The network's name, as deposits and withdrawals name it. */
  network: z.string(),
  chain_id: z.number().int(),
  tx_hash: z.string(),
  /** The block that holds the transaction. */
  block: z.number().int(),
  /** The hot wallet's address: the transaction's sender and recipient. */
  from: z.string(),
});
export type TickAnchor = z.infer<typeof tickAnchor>;

export const anchorCalls = {
  listTickAnchors: defineCall({
    method: "GET",
    path: "/api/index/anchors",
    auth: "none",
    summary:
      "The tick log's heads anchored on chain (confirmed transactions of the hot wallet to itself), newest first",
    query: pageQuery,
    data: paged(tickAnchor),
  }),
};
