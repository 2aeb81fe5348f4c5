import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { SettingsService } from "../settings/service";
import * as candlesRepo from "./candles-repo";
import {
  type CandleColumns,
  firstPart,
  type HistoryShape,
  MAX_CANDLES,
  MINUTE_MS,
  restAfter,
  rowRange,
  type SimulatedHistory,
  simulateHistory,
} from "./history";
import type { SourcePair } from "./sources/types";

/**
 * Rows per statement of the generated history: small, so no tick or request waits long behind one (PGlite runs each
 * statement on the server's one thread). On PGlite here 250 rows take 16-19 ms, 2,000 took 90-140 ms; a pass of
 * them back to back held a first visit's files 100-300 ms once a second (bench/RESULTS.md, 2026-11-27).
 */
export const HISTORY_REST_CHUNK = 250;
/**
 * Written before the first tick: these days of one-minute candles (a chart shows 500, the 24 h figures 1,440).
 * One day, not three: the first start waits for this part, and the rest follows newest first within a minute.
 */
const HISTORY_MINUTE_DAYS = 1;
/** Setting that remembers how each pair's simulated history was made, so its rest can be made again alike. */
const HISTORY_SETTING = "market.simulated_history";

/** One pair's simulated history: the walk is fixed by these, so a restart writes the same rest. */
interface HistoryAnchor {
  /** Unix ms of the minute the history ends before. */
  end: number;
  price: string;
  minutes: number;
  seed: string;
  /** Whether the part after the first has been written. */
  rest: "pending" | "written";
}
type HistoryAnchors = Record<string, HistoryAnchor>;

/** What a pair's history writes before its first tick. */
const firstPartOf = (anchor: HistoryAnchor) => firstPart(anchor.minutes, HISTORY_MINUTE_DAYS, MAX_CANDLES);

/**
 * A turn of the event loop: PGlite answers in microtasks, so without one between statements no request is read until
 * a whole run of them has ended.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A history's candles in statements of `size` rows, in the order of `rows` (by default as generated). */
function* chunksOf(history: SimulatedHistory, size: number, rows?: Int32Array): Generator<CandleColumns> {
  for (let start = 0; start < history.length; start += size) {
    const end = Math.min(start + size, history.length);
    yield history.columns(rows ? rows.subarray(start, end) : rowRange(start, end));
  }
}

/** The minute an instant falls in, as Unix ms. */
export const minuteOf = (at: Date) => Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;

/** What history writing reads from the market: the pairs and their last prices, and the figures to refresh. */
export interface HistoryMarket {
  sourcePairs(): Promise<{ pairs: SourcePair[]; lastPrices: Map<number, string> }>;
  invalidate(): void;
}

/**
 * The simulated market's generated past (decision 028): the first part before the first tick, the rest between
 * ticks. Each pair's walk is fixed by an anchor stored in the settings first, so a restart writes the same rest.
 */
export class SimulatedHistoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly market: HistoryMarket,
  ) {}

  /**
   * Generates `days` of one-minute history for every pair that has no candles yet (the simulated market's first
   * start), ending with the minute before now at the pair's current price, and writes its first part: what the
   * charts open on. The rest is written by `writeRestOfHistory` once the market is live. Returns how many
   * candles it wrote.
   */
  async generateMissingHistory(days: number, seed: number | string): Promise<number> {
    const { pairs, lastPrices } = await this.market.sourcePairs();
    const end = minuteOf(this.clock.now());
    const minutes = Math.round(days * 24 * 60);
    const anchors = await this.historyAnchors();
    let written = 0;
    for (const pair of pairs) {
      if (await candlesRepo.firstCandleAt(this.db, pair.id)) continue;
      const anchor: HistoryAnchor = {
        end,
        price: lastPrices.get(pair.id) ?? pair.simPrice,
        minutes,
        seed: String(seed),
        rest: "pending",
      };
      // The anchor first: a crash after some candles still leaves what is needed to finish them alike.
      anchors[pair.id] = anchor;
      await this.settings.set(HISTORY_SETTING, anchors);
      // Small statements: PGlite runs each on the server's one thread, and requests must get their turn meanwhile.
      written += await this.writeHistory(pair, anchor, firstPartOf(anchor), HISTORY_REST_CHUNK);
    }
    if (written) this.market.invalidate();
    return written;
  }

  /**
   * Writes the part of each pair's generated history that `generateMissingHistory` left for later, one
   * statement per step, so the caller (the price feed, between ticks) decides the pace. Resumable: the walk is
   * made again from its anchor and rows already there are left alone.
   */
  async *writeRestOfHistory(): AsyncGenerator<number> {
    const anchors = await this.historyAnchors();
    const { pairs } = await this.market.sourcePairs();
    for (const pair of pairs) {
      const anchor = anchors[pair.id];
      if (!anchor || anchor.rest === "written") continue;
      const history = simulateHistory(pair, anchor.price, anchor.end, restAfter(firstPartOf(anchor)), anchor.seed);
      // The newest first: a chart paged back soon after the first start finds the candles it asks for.
      for (const chunk of chunksOf(history, HISTORY_REST_CHUNK, history.newestFirst())) {
        await candlesRepo.insertCandleColumns(this.db, chunk);
        await nextTurn();
        yield chunk.pairId.length;
      }
      anchor.rest = "written";
      await this.settings.set(HISTORY_SETTING, anchors);
      this.market.invalidate();
    }
  }

  private async writeHistory(pair: SourcePair, anchor: HistoryAnchor, shape: HistoryShape, chunkRows: number) {
    const history = simulateHistory(pair, anchor.price, anchor.end, shape, anchor.seed);
    for (const chunk of chunksOf(history, chunkRows)) {
      await candlesRepo.insertCandleColumns(this.db, chunk);
      await nextTurn();
    }
    return history.length;
  }

  private historyAnchors() {
    return this.settings.get<HistoryAnchors>(HISTORY_SETTING, {});
  }
}
