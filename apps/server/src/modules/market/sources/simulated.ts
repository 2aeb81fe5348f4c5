import { CryptoRandom, type RandomSource, SeededRandom } from "./random";
import type { PriceSource, Quote, SourcePair } from "./types";

const SECONDS_PER_YEAR = 365 * 24 * 60 * 60;
/** Typical traded value per pair and day, in the quote currency, for the simulated volume. */
const DAILY_QUOTE_VOLUME = 250_000_000;

interface WalkState {
  pair: SourcePair;
  price: number;
  sigma: number;
  random: RandomSource;
}

/**
 * One step of a geometric random walk over `seconds`: zero drift, the pair's annualised volatility. Prices stay
 * positive, and over 90 days BTC moves by about a quarter, as it does.
 */
export function walk(price: number, sigma: number, seconds: number, z: number): number {
  const dt = seconds / SECONDS_PER_YEAR;
  return price * Math.exp(sigma * Math.sqrt(dt) * z - 0.5 * sigma * sigma * dt);
}

/** Base-currency volume traded in `seconds` at `price`, with the randomness of real flow. */
export function simulatedVolume(price: number, seconds: number, u: number): number {
  return ((DAILY_QUOTE_VOLUME / 86_400) * seconds * (0.2 + 1.6 * u)) / price;
}

export const fixed = (value: number, decimals: number) => {
  const min = 10 ** -decimals;
  return Math.max(value, min).toFixed(decimals);
};

/**
 * The simulated market: each pair follows its own random walk from its last recorded price. Its randomness comes
 * from the operating system's cryptographic generator, so nobody can predict the next tick from the last ones
 * (issue 20: a 32-bit seeded walk was recovered from 11 ticks). Only a test passes a seed, and then a given seed
 * and clock give the same ticks (tests drive it with a manual clock).
 */
export class SimulatedSource implements PriceSource {
  readonly name = "simulated";
  readonly simulated = true;
  private states: WalkState[] = [];
  private lastAt: number | undefined;

  /** @param seed only for tests: a reproducible walk, which anyone who saw a few ticks could predict. */
  constructor(private readonly seed?: number | string) {}

  async start(pairs: SourcePair[], lastPrices: Map<number, string>): Promise<void> {
    this.states = pairs.map((pair) => ({
      pair,
      price: Number(lastPrices.get(pair.id) ?? pair.simPrice),
      sigma: Number(pair.simVolatility),
      random: this.seed === undefined ? new CryptoRandom() : new SeededRandom(`${this.seed}:${pair.symbol}`),
    }));
    this.lastAt = undefined;
  }

  async poll(now: Date): Promise<Quote[]> {
    // The walk moves by the time that really passed, so a late poll is not a calmer market.
    const seconds = this.lastAt === undefined ? 1 : Math.min(Math.max((now.getTime() - this.lastAt) / 1000, 0), 3600);
    this.lastAt = now.getTime();
    return this.states.map((s) => {
      s.price = walk(s.price, s.sigma, seconds, s.random.normal());
      const volume = simulatedVolume(s.price, seconds, s.random.next());
      return {
        pairId: s.pair.id,
        price: fixed(s.price, s.pair.priceDecimals),
        volume: volume.toFixed(s.pair.qtyDecimals),
      };
    });
  }

  async close(): Promise<void> {}
}
