import { randomInt } from "node:crypto";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Clock } from "../lib/clock";
import type { PriceAlertsService } from "../modules/alerts/service";
import type { MarketService } from "../modules/market/service";
import { createPriceSource, type PriceSource } from "../modules/market/sources";
import { CcxtSource, type CcxtSourceOptions } from "../modules/market/sources/ccxt";
import type { TickLogService } from "../modules/market/tick-log";
import { type WorkerLog, WorkerLoop } from "./loop";

export const PRICE_FEED_LEASE = "price-feed";

export interface PriceFeedOptions {
  market: MarketService;
  /** Checked after each recorded batch: alerts whose level the batch reached fire (once). */
  alerts?: PriceAlertsService;
  database: Database;
  config: Pick<Config, "priceSource">;
  clock: Clock;
  log: WorkerLog;
  /** A ready source (tests); otherwise one is made from `config.priceSource`. */
  source?: PriceSource;
  /**
   * Seed of the simulated market (tests): it makes both the generated history and the live walk reproducible.
   * Without one the history's seed is random per start and the live walk draws from node:crypto.
   */
  seed?: number | string;
  ccxt?: CcxtSourceOptions;
  /** Days of one-minute history the simulated market generates on its first start. */
  historyDays?: number;
  intervalMs?: number;
  leaseTtlMs?: number;
  /** Raw ticks older than this are pruned (except those orders reference); candles are kept. */
  tickRetentionDays?: number;
  pruneEveryMs?: number;
  /** Archives each pair's days before retention prunes them; without it no tick is pruned (migration 0017). */
  tickLog?: TickLogService;
  /**
   * Time per pass spent writing the rest of the generated history, between ticks (200 ms): requests are read
   * between its statements, so this sets the pace of the history, not how long a request waits.
   */
  historyBudgetMs?: number;
  /**
   * How long after the market goes live the rest of the generated history begins (default 10 s): making a pair's
   * 90 days takes 100-200 ms of the one thread, which a start's first requests would otherwise wait behind.
   */
  historyRestDelayMs?: number;
}

/**
 * The price feed: once a second it polls the source and records a tick per pair. It runs on one instance at a
 * time (the `price-feed` lease); the ticks reach every instance through the market's tick bus. On the simulated
 * market's first start it generates the missing history before the first tick.
 */
export class PriceFeed {
  readonly source: PriceSource;
  readonly loop: WorkerLoop;
  private prepared = false;
  private lastPruneAt = 0;
  /** The background write of the generated history's rest, once begun (a new leader begins it again). */
  private historyRest: AsyncGenerator<number> | undefined;
  private historyRestDone = false;
  /** When `prepare` last finished (performance.now()): the rest of the history waits a little after it. */
  private liveSince = 0;
  private readonly historyDays: number;
  /** Seeds the generated past only (and, when a test passes one, the live walk). */
  private readonly historySeed: number | string;

  constructor(private readonly options: PriceFeedOptions) {
    this.historySeed = options.seed ?? randomInt(2 ** 31);
    // No seed unless a test gave one: live ticks must not come from a seedable generator (issue 20).
    this.source =
      options.source ?? createPriceSource(options.config.priceSource, { seed: options.seed, ccxt: options.ccxt });
    this.historyDays = options.historyDays ?? 90;
    this.loop = new WorkerLoop({
      name: PRICE_FEED_LEASE,
      intervalMs: options.intervalMs ?? 1000,
      lease: { db: options.database.db, ttlMs: options.leaseTtlMs ?? 10_000 },
      log: options.log,
      // A new leader continues from the prices the last one recorded.
      onLeadership: (leader) => {
        if (leader) this.prepared = false;
        this.historyRest = undefined;
        this.historyRestDone = false;
      },
      pass: async (renew) => {
        if (!this.prepared && !(await this.prepare(renew))) return;
        await this.tick();
        await this.pruneIfDue();
        if (performance.now() - this.liveSince >= (this.options.historyRestDelayMs ?? 10_000)) {
          await this.writeHistoryFor(this.options.historyBudgetMs ?? 200);
        }
      },
    });
  }

  /** Loads the pairs into the source and, for the simulated market, generates missing history. */
  async prepare(renew: () => Promise<boolean> = async () => true): Promise<boolean> {
    const { market, log } = this.options;
    if (this.source.simulated && this.historyDays > 0) {
      const started = performance.now();
      const written = await market.history.generateMissingHistory(this.historyDays, this.historySeed);
      if (written > 0) {
        log.info(
          { candles: written, days: this.historyDays, ms: Math.round(performance.now() - started) },
          "generated simulated price history",
        );
      }
      if (!(await renew())) return false;
    }
    const { pairs, lastPrices } = await market.sourcePairs();
    await this.source.start(pairs, lastPrices);
    if (this.source instanceof CcxtSource && this.source.missing.length) {
      log.warn({ source: this.source.name, missing: this.source.missing }, "pairs the exchange does not list");
    }
    this.prepared = true;
    this.liveSince = performance.now();
    return true;
  }

  /** One poll of the source, recorded as ticks at the clock's now; then the price alerts those ticks reached. */
  async tick() {
    if (!this.prepared) await this.prepare();
    const now = this.options.clock.now();
    const quotes = await this.source.poll(now);
    const rows = await this.options.market.recordQuotes(quotes, now);
    if (rows.length && this.options.alerts) {
      try {
        await this.options.alerts.fireReached(rows);
      } catch (error) {
        // The ticks are recorded; an alert this batch reached fires with the next one while the price stays there.
        this.options.log.error({ err: error }, "price alerts check failed");
      }
    }
    return rows;
  }

  /**
   * Writes some of the generated history's rest, one statement and more while within `budgetMs`: the first part went in before the first
   * tick, and the rest goes in between ticks so the market is live at once. True while some is left.
   */
  async writeHistoryFor(budgetMs: number): Promise<boolean> {
    if (!this.source.simulated || this.historyRestDone) return false;
    this.historyRest ??= this.options.market.history.writeRestOfHistory();
    const started = performance.now();
    try {
      do {
        const step = await this.historyRest.next();
        if (step.done) {
          this.historyRestDone = true;
          this.options.log.info({ worker: PRICE_FEED_LEASE }, "the generated price history is complete");
          return false;
        }
      } while (performance.now() - started < budgetMs);
    } catch (error) {
      // A failed write closes the generator; the next pass starts again from the anchors (rows there stay).
      this.historyRest = undefined;
      throw error;
    }
    return true;
  }

  private async pruneIfDue() {
    const every = this.options.pruneEveryMs ?? 60 * 60 * 1000;
    const now = this.options.clock.now().getTime();
    if (now - this.lastPruneAt < every) return;
    this.lastPruneAt = now;
    const keepDays = this.options.tickRetentionDays ?? 7;
    const archived = (await this.options.tickLog?.archiveDaysBeforeRetention(keepDays)) ?? 0;
    if (archived) this.options.log.info({ archived }, "archived days of ticks");
    const deleted = await this.options.market.retention.pruneTicks(keepDays);
    if (deleted) this.options.log.info({ deleted }, "pruned old ticks");
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    await this.source.close();
  }
}
