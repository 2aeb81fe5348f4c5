import type { Gauge } from "prom-client";
import type { Database } from "../../db/client";
import { CachedRead } from "../../lib/cached-read";
import type { ChainService } from "../chain/service";
import type { LedgerService } from "../ledger/service";
import type { MarketService } from "../market/service";
import type { UpDownService } from "../updown/service";
import { createMetricFamilies, type MetricFamilies } from "./families";

/** What the metrics read on each scrape, each through its module's service. */
export interface MetricsSources {
  market: Pick<MarketService, "newestTicks" | "onRecorded">;
  updown: Pick<UpDownService, "overdue">;
  ledger: Pick<LedgerService, "postingSums">;
  chain: Pick<ChainService, "heightLags">;
  reviewsWaiting(): Promise<{ deposits: number; withdrawals: number }>;
  hotWalletBalances(): Promise<{ network: string; currency: string; balance: string | null }[]>;
  incidentsOpen(): Promise<{ kind: string; open: boolean }[]>;
  connections: Database["connections"];
  now(): Date;
}

/** A reading that takes longer than this leaves its family empty for the scrape (Prometheus waits 10 s by default). */
export const READING_TIMEOUT_MS = 2_000;

function within<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/**
 * This instance's metrics in Prometheus' text format (decision 113). Counters and the request histogram count what
 * this process did; the gauges that need the database are read when scraped, each bounded in time, and a reading
 * that fails or is late leaves its family without samples (and counts in cryptos_metrics_reading_failures_total,
 * seen from the next scrape): a scrape never fails because the database is slow. The two costly readings are kept briefly: the ledger's sums
 * (every posting) for 10 s, the hot wallet's balances (a node's answer) for 30 s.
 */
export class MetricsService {
  private metricFamilies: MetricFamilies | undefined;
  private webSocketClients: () => number = () => 0;
  private readonly ticksByPair = new Map<number, number>();
  /** Pair symbols by id, kept from every scrape's read of the enabled pairs. */
  private readonly pairSymbols = new Map<number, string>();
  /** Reads two families share, made once per scrape. */
  private perScrape = new Map<string, Promise<unknown>>();
  private readonly ledgerSums: CachedRead<{ currency: string; total: string }[]>;
  private readonly hotWallet: CachedRead<{ network: string; currency: string; balance: string | null }[]>;

  constructor(private readonly sources: MetricsSources) {
    this.ledgerSums = new CachedRead(() => sources.ledger.postingSums(), { freshMs: 10_000, staleMs: 10_000 });
    this.hotWallet = new CachedRead(() => sources.hotWalletBalances(), { freshMs: 30_000, staleMs: 30_000 });
  }

  /**
   * Turns the metrics on (a server with METRICS_TOKEN, before it takes a request): loads prom-client, makes the
   * families and starts counting. Until then every method here does nothing.
   */
  async enable(): Promise<void> {
    if (this.metricFamilies) return;
    this.metricFamilies = createMetricFamilies(await import("prom-client"));
    this.sources.market.onRecorded((rows) => {
      for (const row of rows) this.ticksByPair.set(row.pairId, (this.ticksByPair.get(row.pairId) ?? 0) + 1);
    });
    this.collectOnScrape(this.metricFamilies);
  }

  /** The text a scrape answers, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    if (!this.metricFamilies) throw new Error("metrics are off: call enable() first");
    const { registry } = this.metricFamilies;
    this.perScrape = new Map();
    return { contentType: registry.contentType, body: await registry.metrics() };
  }

  private once<T>(name: string, read: () => Promise<T>): Promise<T> {
    let kept = this.perScrape.get(name) as Promise<T> | undefined;
    if (!kept) {
      kept = read();
      this.perScrape.set(name, kept);
    }
    return kept;
  }

  private pairs() {
    return this.once("pairs", () => this.sources.market.newestTicks());
  }

  private overdue() {
    return this.once("overdue", () => this.sources.updown.overdue());
  }

  /** One answered request: `route` is the route's pattern (`/api/index/:id`), undefined when no route matched. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.metricFamilies?.httpRequestDuration.observe(
      { method, route: route ?? "unmatched", status: String(status) },
      seconds,
    );
  }

  /** Where the WebSocket hub tells how many clients it holds (market/live.ts). */
  countWebSocketClientsWith(count: () => number): void {
    this.webSocketClients = count;
  }

  private collectOnScrape(f: MetricFamilies) {
    const { sources } = this;
    f.scrapers.set("websocketClients", () => {
      f.websocketClients.set(this.webSocketClients());
    });
    const ticksRecorded = f.ticksRecorded;
    f.scrapers.set("ticksRecorded", async () => {
      ticksRecorded.reset();
      if (this.ticksByPair.size === 0) return;
      for (const p of (await this.reading("pairs", this.pairs())) ?? []) this.pairSymbols.set(p.pairId, p.symbol);
      // A pair is named by its symbol only (one series per pair, whatever a scrape could read); a pair not yet named
      // (disabled before any scrape read it) waits for a scrape that can.
      for (const [pairId, n] of this.ticksByPair) {
        const pair = this.pairSymbols.get(pairId);
        if (pair) ticksRecorded.inc({ pair }, n);
      }
    });
    this.gauge("tickAge", f.tickAge, "pairs", async (g) => {
      const now = sources.now().getTime();
      for (const p of await this.pairs()) {
        if (p.at) g.set({ pair: p.symbol }, Math.max(0, (now - p.at.getTime()) / 1000));
      }
    });
    this.gauge("settlementOverdueOrders", f.settlementOverdueOrders, "settlement", async (g) => {
      g.set((await this.overdue()).count);
    });
    this.gauge("settlementLag", f.settlementLag, "settlement", async (g) => {
      g.set((await this.overdue()).oldestAgeSeconds);
    });
    this.gauge("reviewsWaiting", f.reviewsWaiting, "reviews", async (g) => {
      const waiting = await sources.reviewsWaiting();
      g.set({ kind: "deposit" }, waiting.deposits);
      g.set({ kind: "withdrawal" }, waiting.withdrawals);
    });
    this.gauge("ledgerPostingsSum", f.ledgerPostingsSum, "ledger", async (g) => {
      for (const s of await this.ledgerSums.get()) g.set({ currency: s.currency }, Number(s.total));
    });
    f.scrapers.set("dbPoolMax", () => {
      f.dbPoolMax.set(sources.connections().max);
    });
    f.scrapers.set("dbPoolConnections", () => {
      const c = sources.connections();
      f.dbPoolConnections.reset();
      f.dbPoolConnections.set({ state: "open" }, c.open);
      if (c.idle !== null) f.dbPoolConnections.set({ state: "idle" }, c.idle);
      if (c.waiting !== null) f.dbPoolConnections.set({ state: "waiting" }, c.waiting);
    });
    this.gauge("chainHeightLag", f.chainHeightLag, "chain", async (g) => {
      for (const n of await sources.chain.heightLags()) if (n.lag !== null) g.set({ network: n.network }, n.lag);
    });
    this.gauge("hotWalletBalance", f.hotWalletBalance, "hot_wallet", async (g) => {
      for (const b of await this.hotWallet.get()) {
        if (b.balance !== null) g.set({ network: b.network, currency: b.currency }, Number(b.balance));
      }
    });
    this.gauge("incidentsOpen", f.incidentsOpen, "incidents", async (g) => {
      for (const i of await sources.incidentsOpen()) g.set({ kind: i.kind }, i.open ? 1 : 0);
    });
  }

  /** A gauge read on scrape: emptied first, then filled by `fill` within the time bound, or left empty. */
  private gauge<L extends string>(key: string, gauge: Gauge<L>, reading: string, fill: (g: Gauge<L>) => Promise<void>) {
    this.metricFamilies?.scrapers.set(key, async () => {
      gauge.reset();
      const filled = await this.reading(
        reading,
        fill(gauge).then(() => true),
      );
      // A gauge without labels keeps a 0 after reset: a failed reading must show no sample, never a false 0.
      if (!filled) {
        gauge.reset();
        gauge.remove({} as Partial<Record<L, string | number>>);
      }
    });
  }

  /** `read` within the bound; on failure or lateness undefined, counted under `reading`. */
  private async reading<T>(reading: string, read: Promise<T>): Promise<T | undefined> {
    try {
      return await within(read, READING_TIMEOUT_MS);
    } catch {
      this.metricFamilies?.readingFailures.inc({ reading });
      return undefined;
    }
  }
}
