// Candles follow the ticks (issue 43 item 4): the candles getkdata answers for a range, re-derived from the public
// tick log (open = the interval's first tick, high, low, close = its last), so a rewrite of ticks that leaves the
// candles alone shows, and so does a candle changed alone. Volume is not in the log and is not compared.
import { compareDecimal, sameDecimal } from "./decimal.mjs";

const SECONDS = { "1m": 60, "5m": 300, "15m": 900, "30m": 1800, "1h": 3600, "4h": 14_400, "1d": 86_400, "1w": 604_800 };
/** Weeks start on Monday (UTC); the Unix epoch was a Thursday. */
const OFFSET = { "1w": 4 * 86_400 };
const MAX_CANDLES = 500;

export const CANDLE_INTERVALS = Object.keys(SECONDS);

export function bucketStart(ms, interval) {
  const size = SECONDS[interval] * 1000;
  const offset = (OFFSET[interval] ?? 0) * 1000;
  return Math.floor((ms - offset) / size) * size + offset;
}

const iso = (ms) => new Date(ms).toISOString();

/** Open, high, low and close of each interval of `ticks` (in id order), by interval start. */
export function candlesOf(ticks, interval) {
  const byStart = new Map();
  for (const tick of [...ticks].sort((a, b) => a.id - b.id)) {
    const t = bucketStart(Date.parse(tick.at), interval);
    const c = byStart.get(t);
    if (!c) byStart.set(t, { t, o: tick.price, h: tick.price, l: tick.price, c: tick.price, ticks: 1 });
    else {
      if (compareDecimal(tick.price, c.h) > 0) c.h = tick.price;
      if (compareDecimal(tick.price, c.l) < 0) c.l = tick.price;
      c.c = tick.price;
      c.ticks++;
    }
  }
  return byStart;
}

const ohlc = (c) => `o ${c.o} h ${c.h} l ${c.l} c ${c.c}`;

/**
 * One row per pair: the candles of [from, to) (whole intervals; the one still open at the pair's head is left out,
 * it may still grow) against the ticks of the same range. Intervals at or before the oldest tick the log still
 * holds are left out too: their candles may hold prices from before the log (simulated history, pruned ticks).
 */
export async function verifyCandles(api, { interval, from, to }) {
  if (!SECONDS[interval]) throw new Error(`--interval must be one of ${CANDLE_INTERVALS.join(", ")}`);
  const size = SECONDS[interval] * 1000;
  const { items: heads } = await api.heads();
  const rows = [];
  for (const head of heads) {
    const start = bucketStart(Date.parse(from), interval);
    const end = Math.min(bucketStart(Date.parse(to) - 1, interval) + size, bucketStart(Date.parse(head.at), interval));
    if (end <= start) continue;
    const count = Math.round((end - start) / size);
    if (count > MAX_CANDLES)
      throw new Error(`--from/--to span ${count} candles of ${interval}; at most ${MAX_CANDLES}`);
    const [kdata, oldest, ticks] = await Promise.all([
      api.call("GET", "/api/index/getkdata", { productid: head.productid, intval: interval, limit: count, end }),
      api.call("GET", "/api/index/ticks", { productid: head.productid, page: 1, list: 1 }),
      api.ticks(head.productid, iso(start), iso(end - 1)),
    ]);
    const firstKept = oldest.items[0] ? bucketStart(Date.parse(oldest.items[0].at), interval) : end;
    const served = new Map(kdata.candles.filter((c) => c.t >= start && c.t < end).map((c) => [c.t, c]));
    const derived = candlesOf(ticks, interval);
    const issues = [];
    let compared = 0;
    for (let t = Math.max(start, firstKept + size); t < end; t += size) {
      const candle = served.get(t);
      const fromLog = derived.get(t);
      if (!candle && !fromLog) continue;
      compared++;
      const name = `candle ${iso(t)} (${head.symbol} ${interval})`;
      if (!candle) issues.push(`${name}: missing, the log has ${fromLog.ticks} tick(s): ${ohlc(fromLog)}`);
      else if (!fromLog) issues.push(`${name}: ${ohlc(candle)}, the log has no tick in it`);
      else if (!["o", "h", "l", "c"].every((k) => sameDecimal(candle[k], fromLog[k]))) {
        issues.push(`${name}: ${ohlc(candle)}, the log says ${ohlc(fromLog)}`);
      }
    }
    const shown = issues.length > 1 ? [issues[0], `and ${issues.length - 1} more candle(s) differ`] : issues;
    rows.push({
      pair: head.symbol,
      from: iso(start),
      to: iso(end),
      candles: compared,
      ticks: ticks.length,
      ok: !issues.length,
      issues: shown,
    });
  }
  return rows;
}
