import type * as PromClient from "prom-client";

/**
 * Every metric Cryptos exposes, named once here (decision 113): one `cryptos_` prefix, Prometheus units in the name
 * (`_seconds`, `_total`), labels with a bounded set of values (a route's pattern, never its URL). Each app has its
 * own registry, so that two apps in one test process never share a figure. README "Metrics" lists them with a query.
 */
export const METRIC_PREFIX = "cryptos_";

/** Request latency buckets: 5 ms to 10 s, enough resolution at the 50-500 ms an API call takes. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What fills a family when scraped: set by MetricsService, called by prom-client before the family is written. */
export type Scraper = () => void | Promise<void>;

/** `prom` is prom-client, loaded only by a server with METRICS_TOKEN (decision 085: a start loads what it uses). */
export function createMetricFamilies(prom: typeof PromClient) {
  const { Counter, Gauge, Histogram, Registry } = prom;
  const registry = new Registry();
  const registers = [registry];
  const scrapers = new Map<string, Scraper>();
  const onScrape = (name: string) => ({
    collect: () => scrapers.get(name)?.(),
  });
  // Process CPU, memory, handles, GC and the event-loop lag (cryptos_nodejs_eventloop_lag_seconds and its
  // percentiles), the figures Grafana's Node.js dashboards read, under the same prefix.
  prom.collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  return {
    registry,
    scrapers,
    httpRequestDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: "HTTP request latency by method, route pattern and status code",
      labelNames: ["method", "route", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    websocketClients: new Gauge({
      name: `${METRIC_PREFIX}websocket_clients`,
      help: "Live WebSocket clients (/ws) connected to this instance",
      ...onScrape("websocketClients"),
      registers,
    }),
    ticksRecorded: new Counter({
      name: `${METRIC_PREFIX}ticks_recorded_total`,
      help: "Price ticks this instance recorded (the instance holding the feed lease records them all)",
      labelNames: ["pair"] as const,
      ...onScrape("ticksRecorded"),
      registers,
    }),
    tickAge: new Gauge({
      name: `${METRIC_PREFIX}tick_age_seconds`,
      help: "Age of each enabled pair's newest recorded tick (absent before its first tick)",
      labelNames: ["pair"] as const,
      ...onScrape("tickAge"),
      registers,
    }),
    settlementOverdueOrders: new Gauge({
      name: `${METRIC_PREFIX}settlement_overdue_orders`,
      help: "Up/down orders past their settle time and not yet settled",
      ...onScrape("settlementOverdueOrders"),
      registers,
    }),
    settlementLag: new Gauge({
      name: `${METRIC_PREFIX}settlement_lag_seconds`,
      help: "How long the oldest unsettled up/down order is past its settle time (0 when none is)",
      ...onScrape("settlementLag"),
      registers,
    }),
    reviewsWaiting: new Gauge({
      name: `${METRIC_PREFIX}reviews_waiting`,
      help: "Deposits and withdrawals waiting for an operator's review",
      labelNames: ["kind"] as const,
      ...onScrape("reviewsWaiting"),
      registers,
    }),
    ledgerPostingsSum: new Gauge({
      name: `${METRIC_PREFIX}ledger_postings_sum`,
      help: "Sum of all postings per currency; anything but 0 means the books do not balance",
      labelNames: ["currency"] as const,
      ...onScrape("ledgerPostingsSum"),
      registers,
    }),
    dbPoolMax: new Gauge({
      name: `${METRIC_PREFIX}db_pool_max_connections`,
      help: "Connections the database pool may open (PGlite: 1, one in-process connection)",
      ...onScrape("dbPoolMax"),
      registers,
    }),
    dbPoolConnections: new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: "Database pool connections by state: open, idle, and waiting (queries queued for a connection; PostgreSQL only)",
      labelNames: ["state"] as const,
      ...onScrape("dbPoolConnections"),
      registers,
    }),
    chainHeightLag: new Gauge({
      name: `${METRIC_PREFIX}chain_height_lag_blocks`,
      help: "Blocks between each network's head and the chain watcher's cursor",
      labelNames: ["network"] as const,
      ...onScrape("chainHeightLag"),
      registers,
    }),
    hotWalletBalance: new Gauge({
      name: `${METRIC_PREFIX}hot_wallet_balance`,
      help: "The hot wallet's on-chain balance per network and currency, in whole coins (a float: for graphs, not sums)",
      labelNames: ["network", "currency"] as const,
      ...onScrape("hotWalletBalance"),
      registers,
    }),
    incidentsOpen: new Gauge({
      name: `${METRIC_PREFIX}incidents_open`,
      help: "Operator alert incidents open now, by kind (1 open, 0 not)",
      labelNames: ["kind"] as const,
      ...onScrape("incidentsOpen"),
      registers,
    }),
    readingFailures: new Counter({
      name: `${METRIC_PREFIX}metrics_reading_failures_total`,
      help: "Scrapes where a reading (database, chain node) failed or took too long and its family was left empty",
      labelNames: ["reading"] as const,
      registers,
    }),
  };
}

export type MetricFamilies = ReturnType<typeof createMetricFamilies>;
