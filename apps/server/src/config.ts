import { isIP } from "node:net";
import path from "node:path";
import { CODE_COUNTDOWN_S } from "@cryptos/contract";
import { z } from "zod";
import { openFileLimit } from "./lib/open-files";
import { testClockProblem } from "./lib/test-clock";

/**
 * Which peers may tell the client's address and protocol (X-Forwarded-For / -Proto): `false` none (the socket's
 * address is the client's), `true` every peer, a number of proxy hops in front of the server, or the addresses and
 * CIDR ranges of the proxies (proxy-addr's names `loopback`, `linklocal` and `uniquelocal` too).
 */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, an address with a prefix length (CIDR) or one of proxy-addr's names; else why not. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_NAMES.has(entry)) return undefined;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `"${entry}" has a prefix length outside 0-${bits}`;
  return undefined;
}

const trustProxySetting = z
  .string()
  .default("false")
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 100) ctx.addIssue({ code: "custom", message: "a hop count must be at most 100" });
      return hops === 0 ? false : hops;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry);
      if (problem) {
        ctx.addIssue({
          code: "custom",
          message: `${problem}; use false, true, a hop count (1) or proxy addresses/CIDRs (10.0.0.1,192.168.0.0/16)`,
        });
      }
    }
    return entries.length ? entries : false;
  });

/** A period such as 90s, 30m, 6h or 1d, in milliseconds. */
const period = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const match = /^(\d+)\s*(s|m|h|d)$/.exec(raw.trim());
      const ms = match ? Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s"] : 0;
      if (!ms) ctx.addIssue({ code: "custom", message: "a period such as 30m, 6h or 1d" });
      return ms;
    });

/** Every setting of docs/design/settings.md, read once here; nothing else reads process.env. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Cryptos <no-reply@localhost>"),
  PRICE_SOURCE: z.string().default("simulated"),
  PUBLIC_ORIGIN: z.string().optional(),
  OPERATOR_EMAIL: z.string().optional(),
  OPERATOR_PASSWORD: z.string().optional(),
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  RPC_URL: z.string().optional(),
  CHAIN_NETWORKS_FILE: z.string().optional(),
  CHAIN_ID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  PER_IP_LIMITS: z.enum(["on", "off"]).default("on"),
  TRUST_PROXY: trustProxySetting,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  SIMULATED_HISTORY_DAYS: z.coerce.number().int().min(0).max(365).default(90),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(CODE_COUNTDOWN_S),
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  WS_MAX_TOTAL: z.coerce.number().int().min(1).optional(),
  WS_MESSAGES_PER_SECOND: z.coerce.number().min(0.01).default(50),
  WS_MESSAGE_BURST: z.coerce.number().int().min(1).default(500),
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  EXPORT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(20),
  HOT_WALLET_KEY_FILE: z.string().optional(),
  RECEIPT_KEY_FILE: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((token) => !token || token.length >= 16, "use at least 16 characters (openssl rand -hex 32)"),
  ALERT_TICK_AGE_SECONDS: z.coerce.number().int().min(5).default(120),
  ALERT_SETTLEMENT_LAG_SECONDS: z.coerce.number().int().min(5).default(60),
  ALERT_DISK_FREE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY: period("6h"),
  ANCHOR_EVERY: period("1h"),
  RESERVES_EVERY: period("24h"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  WATCHDOG_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  NODE_ENV: z.string().optional(),
  TEST_CLOCK: z.enum(["on", "off"]).default("off"),
});

/** Live sockets per instance unless WS_MAX_TOTAL says: 10,000, or half the files the process may open if fewer. */
function defaultWsMaxTotal(): number {
  const files = openFileLimit();
  return files === undefined ? 10_000 : Math.max(1, Math.min(10_000, Math.floor(files / 2)));
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  priceSource: string;
  publicOrigin: string;
  operatorEmail: string | undefined;
  operatorPassword: string | undefined;
  /** An operator session unused this long ends (at most the session's 12 hours). */
  operatorIdleMinutes: number;
  rpcUrl: string | undefined;
  /** The on-chain networks (issue 39's JSON); without it every network's deposits are checked by hand. */
  chainNetworksFile: string | undefined;
  /** The EIP-155 chain wallet sign-in messages must name (RPC_URL's chain); messages for another are refused. */
  chainId: number;
  logLevel: z.infer<typeof schema>["LOG_LEVEL"];
  /** The built SPA served at `/`; absent in API-only tests. */
  webDist: string | undefined;
  /**
   * Per-IP limits on codes, sign-in failures and the sign-in calls. Off only where every request comes from one
   * address on purpose (tests, a local e2e run); per-account and per-email limits stay on regardless.
   */
  perIpLimits: boolean;
  /** Which peers are believed about the client's address and protocol (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /** Requests per minute per client address, over all API calls (the web app's own files are not counted). */
  rateLimitPerMinute: number;
  /** Days of one-minute history the simulated market generates on its first start. */
  simulatedHistoryDays: number;
  /** Seconds before another emailed code may go to the same address (docs/design/accounts.md: 60; e2e: shorter). */
  codeResendSeconds: number;
  /** Live sockets (`/ws`) one client address may hold on this instance (with per-address limits on). */
  wsMaxPerAddress: number;
  /** Live sockets this instance holds in all; each is an open file. */
  wsMaxTotal: number;
  /** Socket messages per second one client address may send to this instance, on average... */
  wsMessagesPerSecond: number;
  /** ...and at once: the budget's bucket holds this many. */
  wsMessageBurst: number;
  /** Statements (CSV exports) this instance streams at once; the rest wait their turn (decision 102). */
  exportConcurrency: number;
  /** Statements that may wait for a turn; one more is refused with "try again in a minute". */
  exportQueue: number;
  /**
   * The file holding the hot wallet's private key (0x hex, mode 600 or 400): read once at start, never logged, never
   * stored, never answered. Without it withdrawals on networks with a node wait, unsent, for the key.
   */
  hotWalletKeyFile: string | undefined;
  /**
   * The Ed25519 key that signs up/down receipts and settlements (PEM, mode 600), made on first start; unset, it is
   * `receipt-key.pem` in DATA_DIR. Several instances share one file (decision 145).
   */
  receiptKeyFile: string | undefined;
  /** The bearer token `/metrics` asks for; without it `/metrics` answers 404 (decision 113). */
  metricsToken: string | undefined;
  /** Operator alerts (decision 114): open an incident when a pair's newest tick is older than this... */
  alertTickAgeSeconds: number;
  /** ...when an up/down order is this far past its settle time and unsettled... */
  alertSettlementLagSeconds: number;
  /** ...when the disk under DATA_DIR has less than this percentage free... */
  alertDiskFreePercent: number;
  /** ...checked this often (by one instance at a time). */
  alertCheckSeconds: number;
  /** Scheduled backups go here (off when unset); each with its .sha256 (decision 111). */
  backupDir: string | undefined;
  /** Milliseconds between scheduled backups (BACKUP_EVERY, e.g. 6h). */
  backupEveryMs: number;
  /** Milliseconds between proof-of-reserves snapshots (RESERVES_EVERY, e.g. 24h). */
  reservesEveryMs: number;
  /** Scheduled backups kept; older ones are deleted after each new one. */
  backupKeep: number;
  /** Milliseconds between anchors of the tick log's heads on chain (ANCHOR_EVERY, e.g. 1h; decision 148). */
  anchorEveryMs: number;
  /**
   * The database failing its health probe (no answer within 1 s, or PGlite's data folder gone or full) this many
   * seconds in a row ends the process with one line, for the supervisor to restart it; 0 turns the watchdog off.
   */
  watchdogSeconds: number;
  /** SIGTERM's drain (orders refused, the running settlement finished, sockets closed) ends the process within this. */
  drainSeconds: number;
  /**
   * TEST_CLOCK=on, for the browser tests only (decision 141): the emailed codes' clock can be moved forward through
   * `POST /__test__/code-clock`. Refused with NODE_ENV=production or off loopback (HOST and PUBLIC_ORIGIN).
   */
  testClock: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://127.0.0.1:${e.PORT}`;
  const testClockRefusal =
    e.TEST_CLOCK === "on" ? testClockProblem({ nodeEnv: e.NODE_ENV, host: e.HOST, publicOrigin }) : undefined;
  if (testClockRefusal) throw new Error(`Invalid configuration: ${testClockRefusal}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    priceSource: e.PRICE_SOURCE,
    publicOrigin,
    operatorEmail: e.OPERATOR_EMAIL || undefined,
    operatorPassword: e.OPERATOR_PASSWORD || undefined,
    operatorIdleMinutes: e.OPERATOR_IDLE_MINUTES,
    rpcUrl: e.RPC_URL || undefined,
    chainNetworksFile: e.CHAIN_NETWORKS_FILE || undefined,
    chainId: e.CHAIN_ID,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    perIpLimits: e.PER_IP_LIMITS === "on",
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    simulatedHistoryDays: e.SIMULATED_HISTORY_DAYS,
    codeResendSeconds: e.CODE_RESEND_SECONDS,
    wsMaxPerAddress: e.WS_MAX_PER_ADDRESS,
    wsMaxTotal: e.WS_MAX_TOTAL ?? defaultWsMaxTotal(),
    wsMessagesPerSecond: e.WS_MESSAGES_PER_SECOND,
    wsMessageBurst: e.WS_MESSAGE_BURST,
    exportConcurrency: e.EXPORT_CONCURRENCY,
    exportQueue: e.EXPORT_QUEUE,
    hotWalletKeyFile: e.HOT_WALLET_KEY_FILE || undefined,
    receiptKeyFile: e.RECEIPT_KEY_FILE ? path.resolve(e.RECEIPT_KEY_FILE) : undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    alertTickAgeSeconds: e.ALERT_TICK_AGE_SECONDS,
    alertSettlementLagSeconds: e.ALERT_SETTLEMENT_LAG_SECONDS,
    alertDiskFreePercent: e.ALERT_DISK_FREE_PERCENT,
    alertCheckSeconds: e.ALERT_CHECK_SECONDS,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupEveryMs: e.BACKUP_EVERY,
    reservesEveryMs: e.RESERVES_EVERY,
    backupKeep: e.BACKUP_KEEP,
    anchorEveryMs: e.ANCHOR_EVERY,
    watchdogSeconds: e.WATCHDOG_SECONDS,
    drainSeconds: e.DRAIN_SECONDS,
    testClock: e.TEST_CLOCK === "on",
    ...overrides,
  };
}
