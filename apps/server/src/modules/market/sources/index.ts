import { CcxtSource, type CcxtSourceOptions } from "./ccxt";
import { SimulatedSource } from "./simulated";
import type { PriceSource } from "./types";

export type { PriceSource, Quote, SourcePair } from "./types";

export interface SourceOptions {
  /**
   * Seed of the simulated market's live walk, for tests only: a seeded walk is predictable. Without one the walk
   * draws from node:crypto.
   */
  seed?: number | string;
  ccxt?: CcxtSourceOptions;
}

/** `simulated` (the default) or `ccxt:<exchange id>`, as PRICE_SOURCE says. */
export function createPriceSource(spec: string, options: SourceOptions = {}): PriceSource {
  if (spec === "simulated") return new SimulatedSource(options.seed);
  const match = /^ccxt:([a-z0-9_]+)$/.exec(spec);
  if (match?.[1]) return new CcxtSource(match[1], options.ccxt);
  throw new Error(`PRICE_SOURCE must be "simulated" or "ccxt:<exchange id>", not "${spec}"`);
}

export const isSimulatedSource = (spec: string) => spec === "simulated";
