import type { KlineInterval } from "@cryptos/contract";
import { SeededRandom } from "./sources/random";
import { simulatedVolume, walk } from "./sources/simulated";
import type { SourcePair } from "./sources/types";

export const MINUTE_MS = 60_000;
/** getCandles answers at most this many points. */
export const MAX_CANDLES = 500;

/** Length of each chart interval, in seconds. */
export const INTERVAL_SECONDS: Record<KlineInterval, number> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "4h": 14_400,
  "1d": 86_400,
  "1w": 604_800,
};
/** The intervals stored as roll-ups beside the one-minute candles. */
export const ROLLUP_INTERVALS = ["5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const satisfies KlineInterval[];
/** Weeks start on Monday (1970-01-05), as on exchanges; the other intervals align to the epoch (UTC). */
const INTERVAL_OFFSET_S: Partial<Record<KlineInterval, number>> = { "1w": 4 * 86_400 };

/** Start (Unix ms) of the interval that contains `ms`. */
export function bucketStart(ms: number, interval: KlineInterval): number {
  const size = INTERVAL_SECONDS[interval] * 1000;
  const offset = (INTERVAL_OFFSET_S[interval] ?? 0) * 1000;
  return Math.floor((ms - offset) / size) * size + offset;
}

/**
 * The intervals a candle read covers: the `limit` newest (at most MAX_CANDLES) that start before `end`, or, without
 * it, up to and including the interval still open at `now`. Answers [from, before) in Unix ms and how many
 * intervals that is; a pair has at most one candle per interval, so the range alone bounds the rows.
 */
export function candleWindow(now: number, interval: KlineInterval, limit: number, end?: number) {
  const count = Math.min(Math.max(1, limit), MAX_CANDLES);
  const size = INTERVAL_SECONDS[interval] * 1000;
  const before = end ?? bucketStart(now, interval) + size;
  const newest = bucketStart(before - 1, interval);
  return { count, from: newest - (count - 1) * size, before };
}

export interface CandleColumns {
  pairId: number[];
  interval: string[];
  /** Unix ms. */
  t: number[];
  o: string[];
  h: string[];
  l: string[];
  c: string[];
  v: string[];
}

export const emptyColumns = (): CandleColumns => ({
  pairId: [],
  interval: [],
  t: [],
  o: [],
  h: [],
  l: [],
  c: [],
  v: [],
});

export interface HistoryShape {
  /** Minutes of simulated past (90 days = 129,600). */
  minutes: number;
  /** Of these, how many of the most recent are written as one-minute candles. */
  storedMinutes: number;
  /** Buckets written per larger interval, the newest first. */
  bucketsPerInterval: number;
  /** The newest minutes and buckets to leave out: they were written before (the first part of a two-part write). */
  skipMinutes?: number;
  skipBuckets?: number;
}

/** The part of a pair's history written before its first tick: what a chart opens on (a chart shows 500). */
export const firstPart = (minutes: number, minuteDays: number, buckets: number): HistoryShape => ({
  minutes,
  storedMinutes: Math.min(minutes, minuteDays * 24 * 60),
  bucketsPerInterval: buckets,
});

/** Everything `first` left out: written in the background once the market is live. */
export const restAfter = (first: HistoryShape): HistoryShape => ({
  minutes: first.minutes,
  storedMinutes: first.minutes,
  bucketsPerInterval: Number.POSITIVE_INFINITY,
  skipMinutes: first.storedMinutes,
  skipBuckets: first.bucketsPerInterval,
});

/** Candle intervals by their index in a history's row list. */
const ROW_INTERVALS = ["1m", ...ROLLUP_INTERVALS] as const;

/**
 * One pair's simulated past, ready to be written: each minute in price and quantity units (integers, so every
 * roll-up is exact) and the candles a shape writes from them, as typed arrays. The decimal strings a statement
 * needs are made only for the rows it writes (`columns`): 90 days of one pair are some 170,000 candles, about
 * 50 MB of JavaScript strings and arrays when made at once, and a few MB outside the heap this way.
 */
export interface SimulatedHistory {
  /** How many candles the shape writes. */
  readonly length: number;
  /** The candles at these row numbers (0 to length - 1), as one statement's columns. */
  columns(rows: ArrayLike<number>): CandleColumns;
  /** Row numbers ordered by candle time, the newest first (the order in which the rest is written). */
  newestFirst(): Int32Array;
}

/**
 * A simulated past for one pair, ending with the minute before `endMinute` at `lastPrice`. The walk runs minute
 * by minute backwards from that close, so the history meets the live price exactly, and the same seed gives the
 * same history. Every larger candle is rolled up from those same minutes (so all charts agree). What is written
 * is a window of that: the latest `storedMinutes` one-minute candles and the latest `bucketsPerInterval` candles
 * of each larger interval, less the newest `skipMinutes` and `skipBuckets`. The first start writes what the
 * charts open on (`firstPart`), and the rest (`restAfter`) follows in the background, so the market is live in
 * seconds instead of after two minutes of inserting two million rows.
 */
export function simulateHistory(
  pair: SourcePair,
  lastPrice: string,
  endMinute: number,
  shape: HistoryShape,
  seed: number | string,
): SimulatedHistory {
  const { minutes } = shape;
  const random = new SeededRandom(`${seed}:history:${pair.symbol}`);
  const sigma = Number(pair.simVolatility);
  const scale = 10 ** pair.priceDecimals;
  const units = (x: number) => Math.max(1, Math.round(x * scale));
  const qtyScale = 10 ** pair.qtyDecimals;
  // closes[i] is the close of minute i (0 = the open of the oldest minute); walk back from the last one.
  const closes = new Float64Array(minutes + 1);
  closes[minutes] = Number(lastPrice);
  for (let i = minutes; i > 0; i--) closes[i - 1] = walk(closes[i] as number, sigma, 60, -random.normal());
  const wick = sigma * Math.sqrt(60 / (365 * 24 * 3600)) * 0.5;

  const o = new Float64Array(minutes);
  const h = new Float64Array(minutes);
  const l = new Float64Array(minutes);
  const c = new Float64Array(minutes);
  const v = new Float64Array(minutes);
  for (let i = 0; i < minutes; i++) {
    const open = closes[i] as number;
    const close = closes[i + 1] as number;
    o[i] = units(open);
    c[i] = units(close);
    h[i] = Math.max(
      o[i] as number,
      c[i] as number,
      units(Math.max(open, close) * (1 + Math.abs(random.normal()) * wick)),
    );
    l[i] = Math.min(
      o[i] as number,
      c[i] as number,
      units(Math.min(open, close) * (1 - Math.abs(random.normal()) * wick)),
    );
    v[i] = Math.round(simulatedVolume(close, 60, random.next()) * qtyScale);
  }
  const startMs = endMinute - minutes * MINUTE_MS;
  const rows = candleRows(shape, startMs);
  const price = (u: number) => (u / scale).toFixed(pair.priceDecimals);

  return {
    length: rows.length,
    columns(picked) {
      const into = emptyColumns();
      for (let k = 0; k < picked.length; k++) {
        const row = picked[k] as number;
        const from = rows.from[row] as number;
        const to = rows.to[row] as number;
        let hi = 0;
        let lo = Number.POSITIVE_INFINITY;
        let vol = 0;
        for (let i = from; i < to; i++) {
          hi = Math.max(hi, h[i] as number);
          lo = Math.min(lo, l[i] as number);
          vol += v[i] as number;
        }
        into.pairId.push(pair.id);
        into.interval.push(ROW_INTERVALS[rows.interval[row] as number] as string);
        into.t.push(rows.t[row] as number);
        into.o.push(price(o[from] as number));
        into.h.push(price(hi));
        into.l.push(price(lo));
        into.c.push(price(c[to - 1] as number));
        into.v.push((vol / qtyScale).toFixed(pair.qtyDecimals));
      }
      return into;
    },
    newestFirst() {
      return newestFirst(rows);
    },
  };
}

/**
 * Row numbers by candle time, the newest first. The rows are runs already ordered by time (the minutes oldest first,
 * each larger interval newest first): merging their heads costs a few ms where sorting 170,000 rows took 35-60.
 */
function newestFirst(rows: CandleRows): Int32Array {
  interface Run {
    next: number;
    end: number;
    step: 1 | -1;
  }
  const runs: Run[] = [];
  let start = 0;
  for (let k = 1; k <= rows.length; k++) {
    if (k < rows.length && rows.interval[k] === rows.interval[start]) continue;
    // The minutes are stored oldest first, so they are read from their end; the buckets were pushed newest first.
    runs.push(
      rows.interval[start] === 0 ? { next: k - 1, end: start - 1, step: -1 } : { next: start, end: k, step: 1 },
    );
    start = k;
  }
  const time = (row: number) => rows.t[row] as number;
  const order = new Int32Array(rows.length);
  for (let n = 0; n < order.length; n++) {
    let best: Run | undefined;
    for (const run of runs) if (run.next !== run.end && (!best || time(run.next) > time(best.next))) best = run;
    if (!best) break;
    order[n] = best.next;
    best.next += best.step;
  }
  return order;
}

type CandleRows = ReturnType<typeof candleRows>;

/** The candles a shape writes: for each, its interval, start and the minutes [from, to) it rolls up. */
function candleRows(shape: HistoryShape, startMs: number) {
  const { minutes } = shape;
  const spans: { interval: number; t: number; from: number; to: number }[] = [];
  const newestMinute = minutes - (shape.skipMinutes ?? 0);
  const firstMinute = Math.max(0, minutes - shape.storedMinutes);
  const count = Math.max(0, newestMinute - firstMinute);
  const skipBuckets = shape.skipBuckets ?? 0;
  for (const [index, interval] of ROLLUP_INTERVALS.entries()) {
    // Buckets from the newest back: the minutes [from, to) of each, clipped to the history.
    let to = minutes;
    for (let n = 0; n < shape.bucketsPerInterval && to > 0; n++) {
      const t = bucketStart(startMs + (to - 1) * MINUTE_MS, interval);
      const from = Math.max(0, Math.round((t - startMs) / MINUTE_MS));
      if (n >= skipBuckets) spans.push({ interval: index + 1, t, from, to });
      to = from;
    }
  }
  const length = count + spans.length;
  const rows = {
    length,
    interval: new Uint8Array(length),
    t: new Float64Array(length),
    from: new Int32Array(length),
    to: new Int32Array(length),
  };
  for (let k = 0; k < count; k++) {
    const i = firstMinute + k;
    rows.t[k] = startMs + i * MINUTE_MS;
    rows.from[k] = i;
    rows.to[k] = i + 1;
  }
  for (const [k, span] of spans.entries()) {
    rows.interval[count + k] = span.interval;
    rows.t[count + k] = span.t;
    rows.from[count + k] = span.from;
    rows.to[count + k] = span.to;
  }
  return rows;
}

/** Row numbers start to end - 1, in order. */
export const rowRange = (start: number, end: number) => Int32Array.from({ length: end - start }, (_, k) => start + k);

/** Every candle of `simulateHistory` at once, as columns (tests, and what a first part writes). */
export function generateHistory(
  pair: SourcePair,
  lastPrice: string,
  endMinute: number,
  shape: HistoryShape,
  seed: number | string,
): CandleColumns {
  const history = simulateHistory(pair, lastPrice, endMinute, shape, seed);
  return history.columns(rowRange(0, history.length));
}
