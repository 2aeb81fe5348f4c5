import { randomFillSync } from "node:crypto";

/** Where a simulated walk draws its randomness from. */
export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
}

/** Box–Muller over `next()`, both halves used: the one normal() both generators share. */
abstract class BoxMuller implements RandomSource {
  private spare: number | undefined;

  abstract next(): number;

  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/**
 * A small seeded generator (mulberry32): the same seed gives the same walk. Its state is 32 bits, so a few
 * outputs give it away: it generates only the past (the simulated history) and the walks of tests that pass a
 * seed, never live prices (issue 20; those come from CryptoRandom).
 */
export class SeededRandom extends BoxMuller {
  private state: number;

  constructor(seed: number | string) {
    super();
    this.state = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** Draws per refill of the shared buffer (8 bytes each): one call into the system generator serves many ticks. */
const BUFFERED_DRAWS = 1024;
const words = new Uint32Array(2 * BUFFERED_DRAWS);
let used = BUFFERED_DRAWS;

/**
 * The operating system's cryptographic generator (node:crypto): nothing seeds it and no number of outputs
 * reveals the next, so nobody can predict a live simulated price (docs/design/honesty.md). `next()` takes 53
 * random bits, the resolution of a double in [0, 1).
 */
export class CryptoRandom extends BoxMuller {
  next(): number {
    if (used === BUFFERED_DRAWS) {
      randomFillSync(words);
      used = 0;
    }
    const high = words[2 * used]! >>> 11; // 21 bits
    const low = words[2 * used + 1]!; // 32 bits
    used++;
    return (high * 2 ** 32 + low) / 2 ** 53;
  }
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
