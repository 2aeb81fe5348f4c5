/** What a price source is told about each pair it should quote. */
export interface SourcePair {
  id: number;
  symbol: string;
  /** The symbol at the source when it differs from `symbol`. */
  sourceSymbol: string | null;
  priceDecimals: number;
  qtyDecimals: number;
  /** Simulator only: the price to start from when the pair has no recorded price yet, and its annual volatility. */
  simPrice: string;
  simVolatility: string;
}

/** One observed price of a pair. `volume`: base currency traded since the previous quote, when the source knows. */
export interface Quote {
  pairId: number;
  price: string;
  volume?: string;
}

/**
 * A source of prices the feed polls once per interval: the simulated market, or a live exchange. Sources only
 * observe; the market service records what they return as ticks.
 */
export interface PriceSource {
  /** `simulated` or `ccxt:<exchange id>`. */
  readonly name: string;
  /** Whether prices are made up (the UI says so on every market screen). */
  readonly simulated: boolean;
  /** Called before the first poll with the pairs to quote and the last recorded price of each. */
  start(pairs: SourcePair[], lastPrices: Map<number, string>): Promise<void>;
  /** The current price of every pair it can quote, at `now`. */
  poll(now: Date): Promise<Quote[]>;
  close(): Promise<void>;
}
