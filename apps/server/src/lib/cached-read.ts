import { performance } from "node:perf_hooks";

export interface CachedReadOptions {
  /** A value younger than this is answered as it is. */
  freshMs: number;
  /**
   * A value younger than this, but no longer fresh, is still answered at once while a read in the background
   * replaces it; an older one is read again before answering.
   */
  staleMs: number;
  /** Milliseconds on a monotonic clock (tests move their own). */
  now?: () => number;
}

interface Kept<T> {
  at: number;
  value: T;
}

/**
 * One database read kept in memory and answered to every caller: the same object until it is read again, so that a
 * route can serialise it once (memoizedContractRoute). Callers that arrive while it is being read share that read.
 * Freshness is wall time, not the domain's clock: it bounds how long another instance's write can go unseen here.
 * `invalidate` forgets the value at once (this instance wrote); a read that started before it is not kept.
 */
export class CachedRead<T> {
  private kept: Kept<T> | undefined;
  private reading: Promise<T> | undefined;
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly options: CachedReadOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  get(): Promise<T> {
    const kept = this.kept;
    if (kept) {
      const age = this.now() - kept.at;
      if (age < this.options.freshMs) return Promise.resolve(kept.value);
      if (age < this.options.staleMs) {
        // A failed refresh keeps the value; the next caller tries again.
        this.refresh().catch(() => {});
        return Promise.resolve(kept.value);
      }
    }
    return this.refresh();
  }

  /** This instance changed what the value is read from: the next caller reads it again. */
  invalidate(): void {
    this.generation++;
    this.kept = undefined;
    this.reading = undefined;
  }

  private refresh(): Promise<T> {
    if (this.reading) return this.reading;
    const generation = this.generation;
    const at = this.now();
    const reading = this.read().then(
      (value) => {
        if (generation === this.generation) {
          this.kept = { at, value };
          this.reading = undefined;
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.reading = undefined;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }
}

/** A CachedRead per key (a locale, say: a small, closed set), each read on its own. */
export class CachedReads<K, T> {
  private readonly reads = new Map<K, CachedRead<T>>();

  constructor(
    private readonly read: (key: K) => Promise<T>,
    private readonly options: CachedReadOptions,
  ) {}

  get(key: K): Promise<T> {
    let cached = this.reads.get(key);
    if (!cached) {
      cached = new CachedRead(() => this.read(key), this.options);
      this.reads.set(key, cached);
    }
    return cached.get();
  }

  invalidate(): void {
    for (const cached of this.reads.values()) cached.invalidate();
  }
}

/**
 * What the public content reads use (menus, currencies, the announcement): another instance's change shows here once
 * the value is 5 s old (the first caller after that may still get the one before); a value older than 5 minutes is
 * never answered.
 */
export const PUBLIC_CONTENT_CACHE: CachedReadOptions = { freshMs: 5_000, staleMs: 300_000 };
