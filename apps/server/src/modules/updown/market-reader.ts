import type { Db, Tx } from "../../db/client";

/** A recorded tick, as the up/down rules read it. */
export interface TickRef {
  id: number;
  price: string;
  at: Date;
  /** Its link in the public tick log (always set on the ticks entryAndExit answers). */
  hash?: string;
}

export interface PairRef {
  id: number;
  symbol: string;
  enabled: boolean;
}

export interface OrderWindow {
  id: number;
  pairId: number;
  acceptedAt: Date;
  /** The pair's head at acceptance (null on orders placed before receipts): the entry is the next tick. */
  afterTickId: number | null;
  settleAt: Date;
}

/**
 * What the up/down rules need from the market module's tick store. The outcome of an order is decided by these
 * recorded ticks and nothing else.
 */
export interface MarketReader {
  pair(pairId: number, conn?: Db | Tx): Promise<PairRef | undefined>;
  /** When the pair's newest tick was recorded (the live tick stream's when it is fresh enough, else stored). */
  lastTickAt(pairId: number, freshSince: Date): Promise<Date | undefined>;
  /**
   * For each order: the entry (the first tick recorded after the head its receipt names, or for an order without
   * one the first tick after acceptance; at or before settle_at) and the exit (the last tick at or before settle_at
   * among the same), with their hashes, in one query for the whole batch. Inside a transaction pass its `tx`.
   */
  entryAndExit(orders: OrderWindow[], conn?: Db | Tx): Promise<Map<number, { entry?: TickRef; exit?: TickRef }>>;
  /** Each pair's head of the tick log (id and hash) as `conn` reads it: inside the acceptance transaction. */
  heads(pairIds: readonly number[], conn: Db | Tx): Promise<Map<number, { id: number; hash: string }>>;
  ticksBetween(pairId: number, fromTickId: number, toTickId: number, limit: number): Promise<TickRef[]>;
}
