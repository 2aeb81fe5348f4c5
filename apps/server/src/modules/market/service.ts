import type { KlineInterval, Pair, pairDetail } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { fixedDown, Money } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { SettingsService } from "../settings/service";
import type { TickBus, TickEvent } from "./bus";
import type { MinuteUpdate, WindowStats } from "./candles-repo";
import * as candlesRepo from "./candles-repo";
import { bucketStart, candleWindow, MAX_CANDLES, ROLLUP_INTERVALS } from "./history";
import { SimulatedHistoryService } from "./history-writer";
import type { PairRow, TickRow } from "./repo";
import * as repo from "./repo";
import { TickRetentionService } from "./retention";
import { seedPairs } from "./seed";
import type { Quote, SourcePair } from "./sources/types";
import { type AdminPair, adminPairView, type CandleView, candleView, changePercent } from "./views";

export type PairDetail = z.infer<typeof pairDetail>;
export type { TickRow, TickWindow } from "./repo";
export type { CandleView } from "./views";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The product list's 24 h figures are recomputed from the candles at most this often; prices are live. */
const STATS_TTL_MS = 30_000;

export interface MarketOptions {
  /** `simulated` or `ccxt:<exchange id>`: shown with every price. */
  priceSource: string;
  /** How many exchanges the installed ccxt supports, once known. */
  exchangeCount: () => number | null;
}

interface StatsSnapshot {
  takenAt: number;
  pairs: PairRow[];
  stats: Map<number, WindowStats>;
}

/**
 * The market: pairs, the recorded ticks (the truth up/down orders are settled by), candles and 24 h figures,
 * and the fan-out of new ticks. Ticks are only ever added here; the retention job is the one path that removes
 * old ones, and it keeps every tick another module says it references.
 */
export class MarketService {
  private snapshot: StatsSnapshot | undefined;
  private loadingSnapshot: Promise<StatsSnapshot> | undefined;
  /** The newest tick seen on the bus per pair: fresher than the snapshot between its refreshes. */
  private readonly live = new Map<number, TickEvent>();
  private readonly recordedListeners = new Set<(rows: TickRow[]) => void>();
  private readonly listCache = new Map<number, Pair[]>();
  private readonly productListAnswers = new Map<
    number,
    { items: Pair[]; price_source: string; exchange_count: number | null }
  >();
  /** The simulated market's generated past. */
  readonly history: SimulatedHistoryService;
  /** The one path that removes raw ticks. */
  readonly retention: TickRetentionService;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly bus: TickBus,
    private readonly options: MarketOptions,
    settings: SettingsService,
  ) {
    this.unsubscribe = bus.subscribe((ticks) => this.onTicks(ticks));
    this.history = new SimulatedHistoryService(db, clock, settings, this);
    this.retention = new TickRetentionService(db, clock);
  }

  get priceSource() {
    return this.options.priceSource;
  }

  get simulated() {
    return this.options.priceSource === "simulated";
  }

  /** Seeds the twelve pairs into an empty table (first start); true when it did. */
  seed(): Promise<boolean> {
    return seedPairs(this.db);
  }

  close() {
    this.unsubscribe();
  }

  private onTicks(ticks: TickEvent[]) {
    for (const t of ticks) {
      const known = this.live.get(t.pair);
      if (!known || known.at <= t.at) this.live.set(t.pair, t);
    }
    this.listCache.clear();
  }

  // ---- pairs and figures -------------------------------------------------------------------------------------

  private async stats(): Promise<StatsSnapshot> {
    const now = this.clock.now().getTime();
    if (this.snapshot && now - this.snapshot.takenAt < STATS_TTL_MS && now >= this.snapshot.takenAt) {
      return this.snapshot;
    }
    this.loadingSnapshot ??= (async () => {
      try {
        const [pairs, stats] = await Promise.all([
          repo.listPairs(this.db),
          candlesRepo.statsSince(this.db, new Date(now - DAY_MS)),
        ]);
        this.snapshot = { takenAt: now, pairs, stats: new Map(stats.map((s) => [s.pairId, s])) };
        this.listCache.clear();
        return this.snapshot;
      } finally {
        this.loadingSnapshot = undefined;
      }
    })();
    return this.loadingSnapshot;
  }

  /** Pairs and their figures changed outside the feed (an operator's edit): recompute on the next read. */
  invalidate() {
    this.snapshot = undefined;
    this.listCache.clear();
  }

  private pairView(p: PairRow, stats: WindowStats | undefined): Pair {
    const live = this.live.get(p.id);
    const raw = live?.price ?? stats?.last ?? null;
    const price = raw === null ? null : fixedDown(raw, p.priceDecimals);
    return {
      id: p.id,
      symbol: p.symbol,
      base: p.base,
      quote: p.quote,
      product_type: p.productType,
      price_decimals: p.priceDecimals,
      qty_decimals: p.qtyDecimals,
      price,
      change_24h: changePercent(price, stats?.open),
      simulated: this.simulated,
    };
  }

  /** Enabled pairs of a product type with latest price and 24 h change; cached between ticks. */
  async listPairs(productType: number): Promise<Pair[]> {
    const snapshot = await this.stats();
    const cached = this.listCache.get(productType);
    if (cached) return cached;
    const items = snapshot.pairs
      .filter((p) => p.productType === productType)
      .map((p) => this.pairView(p, snapshot.stats.get(p.id)));
    this.listCache.set(productType, items);
    return items;
  }

  /**
   * The product list answer. The same object comes back until the pairs' figures or the exchange count change,
   * so the route can serialise it once for every caller between two ticks.
   */
  async productList(productType: number) {
    const items = await this.listPairs(productType);
    const exchangeCount = this.options.exchangeCount();
    const last = this.productListAnswers.get(productType);
    if (last && last.items === items && last.exchange_count === exchangeCount) return last;
    const answer = { items, price_source: this.options.priceSource, exchange_count: exchangeCount };
    this.productListAnswers.set(productType, answer);
    return answer;
  }

  private async enabledPair(id: number): Promise<PairRow> {
    const pair = await repo.findPair(this.db, id);
    if (!pair?.enabled) throw new Refusal("market_pair_not_found");
    return pair;
  }

  /** One pair with its 24 h open, high, low, volume and change, computed now. */
  async pairDetail(id: number): Promise<PairDetail> {
    const pair = await this.enabledPair(id);
    const now = this.clock.now();
    const [stats, latest] = await Promise.all([
      candlesRepo.statsSince(this.db, new Date(now.getTime() - DAY_MS), id),
      repo.latestTick(this.db, id),
    ]);
    const s = stats[0];
    // The freshest of: the last tick, and the last candle close (generated history has candles but no ticks).
    const view = this.pairView(pair, s);
    const price = latest ? fixedDown(latest.price, pair.priceDecimals) : view.price;
    const d = pair.priceDecimals;
    return {
      ...view,
      price,
      change_24h: changePercent(price, s?.open),
      open_24h: s ? fixedDown(s.open, d) : null,
      high_24h: s ? fixedDown(Money.max(s.high, price ?? s.high).toFixed(), d) : null,
      low_24h: s ? fixedDown(Money.min(s.low, price ?? s.low).toFixed(), d) : null,
      volume_24h: s ? fixedDown(s.volume, pair.qtyDecimals) : null,
      updated_at: latest?.at.toISOString() ?? null,
    };
  }

  /**
   * Candles of a pair, oldest first, at most 500, the last one the interval still open (the current minute is
   * live: it grows with every tick). `line` gives the same points with open, high and low set to the close.
   */
  async candles(
    id: number,
    interval: KlineInterval,
    type: "candle" | "line",
    limit = MAX_CANDLES,
    /** Unix ms: only candles that start before it (paging back); the open interval's end otherwise. */
    end?: number,
  ): Promise<CandleView[]> {
    const pair = await this.enabledPair(id);
    const { count, from, before } = candleWindow(this.clock.now().getTime(), interval, limit, end);
    const rows = await candlesRepo.readCandles(this.db, id, interval, new Date(from), new Date(before), count);
    return rows.reverse().map((r) => candleView(r, pair, type));
  }

  /**
   * The newest `limit` line candles of several pairs, read together (a market list's sparklines): each pair's list
   * is what `candles(id, interval, "line", limit)` answers. Pairs that do not exist or are disabled are left out,
   * where `candles` refuses them; the rest come in the order of `ids`.
   */
  async lines(
    ids: readonly number[],
    interval: KlineInterval,
    limit: number,
  ): Promise<{ productid: number; candles: CandleView[] }[]> {
    if (ids.length === 0) return [];
    const { from, before } = candleWindow(this.clock.now().getTime(), interval, limit);
    const [pairs, rows] = await Promise.all([
      repo.findEnabledPairs(this.db, ids),
      candlesRepo.readCandlesOfPairs(this.db, ids, interval, new Date(from), new Date(before)),
    ]);
    const byId = new Map(pairs.map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const pair = byId.get(id);
      if (!pair) return [];
      return [{ productid: id, candles: (rows.get(id) ?? []).map((r) => candleView(r, pair, "line")) }];
    });
  }

  // ---- recording -------------------------------------------------------------------------------------------

  /** Pairs as price sources see them, with the last recorded price of each (the walk continues from it). */
  async sourcePairs(): Promise<{ pairs: SourcePair[]; lastPrices: Map<number, string> }> {
    const [rows, closes] = await Promise.all([repo.listPairs(this.db), candlesRepo.latestCloses(this.db)]);
    return {
      pairs: rows.map((p) => ({
        id: p.id,
        symbol: p.symbol,
        sourceSymbol: p.sourceSymbol,
        priceDecimals: p.priceDecimals,
        qtyDecimals: p.qtyDecimals,
        simPrice: p.simPrice,
        simVolatility: p.simVolatility,
      })),
      lastPrices: new Map([...closes].map(([id, c]) => [id, c.price])),
    };
  }

  /**
   * Records quotes as ticks at `at` and folds them into the minute candles, in one transaction; then publishes
   * them to every instance. Quotes for unknown pairs or with a non-positive price are dropped.
   */
  async recordQuotes(quotes: Quote[], at: Date = this.clock.now()): Promise<TickRow[]> {
    const valid = quotes.filter((q) => {
      try {
        return new Money(q.price).gt(0) && (q.volume === undefined || new Money(q.volume).gte(0));
      } catch {
        return false;
      }
    });
    if (valid.length === 0) return [];
    // One row per pair and bucket, or an upsert would touch a row twice in one statement.
    const buckets = new Map<string, MinuteUpdate>();
    for (const q of valid) {
      const v = q.volume ?? "0";
      for (const interval of ["1m", ...ROLLUP_INTERVALS] as const) {
        const key = `${q.pairId}:${interval}`;
        const m = buckets.get(key);
        if (!m) {
          const t = new Date(bucketStart(at.getTime(), interval));
          buckets.set(key, { pairId: q.pairId, interval, t, o: q.price, h: q.price, l: q.price, c: q.price, v });
        } else {
          m.h = Money.max(m.h, q.price).toFixed();
          m.l = Money.min(m.l, q.price).toFixed();
          m.c = q.price;
          m.v = new Money(m.v).plus(v).toFixed();
        }
      }
    }
    const all = [...buckets.values()];
    const rows = await repo.insertTicksWithCandles(
      this.db,
      valid.map((q) => ({ pairId: q.pairId, price: q.price, at })),
      all.filter((b) => b.interval === "1m").map(({ interval: _, ...b }) => b),
      all.filter((b) => b.interval !== "1m"),
    );
    for (const listener of this.recordedListeners) listener(rows);
    // RETURNING follows the VALUES order; the sources' strings already carry the pair's precision.
    await this.bus.publish(
      rows.map((r, i) => ({
        id: r.id,
        pair: r.pairId,
        price: valid[i]?.pairId === r.pairId ? valid[i].price : new Money(r.price).toFixed(),
        at: r.at.toISOString(),
        ...(r.hash ? { hash: r.hash } : {}),
      })),
    );
    return rows;
  }

  /** The latest recorded price of `base` in `quote` (e.g. BTC in USDT), or null (what the funds module quotes with). */
  async latestPrice(base: string, quote: string): Promise<string | null> {
    const snapshot = await this.stats();
    const pair = snapshot.pairs.find((p) => p.base === base && p.quote === quote);
    if (!pair) return null;
    const live = this.live.get(pair.id);
    if (live) return live.price;
    const tick = await repo.latestTick(this.db, pair.id);
    return tick?.price ?? snapshot.stats.get(pair.id)?.last ?? null;
  }

  // ---- the operator console: which pairs trade and in what order; prices come only from the feed -------------

  async adminPairs(): Promise<AdminPair[]> {
    return (await repo.listAllPairs(this.db)).map(adminPairView);
  }

  /** Enables, disables or reorders a pair inside the caller's transaction; call `invalidate` after commit. */
  async savePair(tx: Tx, id: number, set: { enabled?: boolean | undefined; sort?: number | undefined }) {
    const before = await repo.lockPair(tx, id);
    if (!before) throw new Refusal("console_pair_not_found", { id });
    const changes = {
      ...(set.enabled === undefined ? {} : { enabled: set.enabled }),
      ...(set.sort === undefined ? {} : { sort: set.sort }),
    };
    // Nothing to change (only the id sent) is a no-op, not an UPDATE without columns.
    const after = Object.keys(changes).length ? await repo.updatePair(tx, id, changes) : before;
    return { before: adminPairView(before), after: adminPairView(after) };
  }

  // ---- what the up/down module reads -------------------------------------------------------------------------

  async pair(pairId: number, conn: Db | Tx = this.db) {
    const p = await repo.findPair(conn, pairId);
    return p ? { id: p.id, symbol: p.symbol, enabled: p.enabled, priceDecimals: p.priceDecimals } : undefined;
  }

  latestTick(pairId: number) {
    return repo.latestTick(this.db, pairId);
  }

  /** Each enabled pair's newest tick time, null before its first (metrics and operator alerts). */
  newestTicks(): Promise<{ pairId: number; symbol: string; at: Date | null }[]> {
    return repo.newestTickPerPair(this.db);
  }

  /** Calls `listener` with the ticks this instance records, after they are stored (the ticks-recorded counter). */
  onRecorded(listener: (rows: TickRow[]) => void): void {
    this.recordedListeners.add(listener);
  }

  /**
   * When the pair's newest tick was recorded. The tick stream's newest is used when it is at least as recent as
   * `freshSince` (no query on the hot path of order placement); otherwise the store answers.
   */
  async lastTickAt(pairId: number, freshSince: Date): Promise<Date | undefined> {
    const live = this.live.get(pairId);
    if (live && Date.parse(live.at) >= freshSince.getTime()) return new Date(live.at);
    return (await repo.latestTick(this.db, pairId))?.at;
  }

  /** For each order its entry and exit ticks (repo.firstAndLastTicks), in one query. Inside a transaction pass its `tx`. */
  entryAndExit(orders: repo.OrderTicksWindow[], conn: Db | Tx = this.db) {
    return repo.firstAndLastTicks(
      conn,
      orders.map((o) => ({
        id: o.id,
        pairId: o.pairId,
        after: o.acceptedAt,
        afterTickId: o.afterTickId,
        until: o.settleAt,
      })),
    );
  }

  /** Each pair's head of the tick log as read on `conn` (an order's receipt names its pair's, decision 146). */
  heads(pairIds: readonly number[], conn: Db | Tx) {
    return repo.headsOf(conn, pairIds);
  }

  ticksBetween(pairId: number, fromTickId: number, toTickId: number, limit: number) {
    return repo.ticksBetween(this.db, pairId, fromTickId, toTickId, limit);
  }
}
