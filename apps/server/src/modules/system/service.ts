import { randomBytes } from "node:crypto";
import { access, open, unlink } from "node:fs/promises";
import path from "node:path";
import type { HealthPart } from "@cryptos/contract";
import type { Clock } from "../../lib/clock";
import type { TickBus } from "../market/bus";
import type { UpDownService } from "../updown/service";

/** How long the database has to answer the probe before it counts as not answering. */
export const PROBE_TIMEOUT_MS = 1_000;
/** The newest tick older than this: the price feed is failing (it records a tick per pair every second). */
export const FEED_STALE_MS = 60_000;
/** An up/down order still unsettled this long after its settle time: settlement is failing (it runs twice a second). */
export const SETTLEMENT_LAG_MS = 30_000;

export type DatabaseProbe = { ok: true; ms: number } | { ok: false; error: string };

export interface HealthReport {
  ready: boolean;
  status: "ok" | "failing";
  failing: HealthPart[];
  draining: boolean;
  checks: {
    database: { ok: boolean; ms: number | null; error: string | null };
    feed: { ok: boolean; newest_tick_age_s: number | null };
    settlement: { ok: boolean; overdue_orders: number | null; oldest_overdue_s: number | null };
  };
}

export interface HealthOptions {
  clock: Clock;
  bus: TickBus;
  /** The up/down orders still unsettled past a time: the probe's database round trip. */
  settlement: Pick<UpDownService, "overdueOrders">;
  /** PGlite's data folder (DATA_DIR/pglite), written to by each probe; undefined for PostgreSQL or in memory. */
  dataFolder: string | undefined;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Rejects with `message` unless `work` settles within `ms`. */
function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What `/api/health` and the watchdog ask (decision 115): does the database answer a round trip within 1 s (and,
 * on PGlite, can its data folder still be written: a deleted folder or a full disk fail here before anything else
 * notices), how old is the newest tick the feed recorded, and how far settlement lags. Probes do not pile up: while
 * one is out, callers share it.
 */
export class HealthService {
  private newestTickAt: number | undefined;
  private inFlight: Promise<{ probe: DatabaseProbe; overdue?: { count: number; oldest: Date | null } }> | undefined;
  private drainingSince: number | undefined;
  private answeredAt: number | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: HealthOptions) {
    this.unsubscribe = options.bus.subscribe((ticks) => {
      for (const tick of ticks) {
        const at = Date.parse(tick.at);
        if (this.newestTickAt === undefined || at > this.newestTickAt) this.newestTickAt = at;
      }
    });
  }

  close() {
    this.unsubscribe();
  }

  /** SIGTERM: from now on orders are refused and readiness answers 503 (decision 115). */
  beginDrain() {
    this.drainingSince ??= Date.now();
  }

  get draining() {
    return this.drainingSince !== undefined;
  }

  /** One database round trip (and the data folder's write), bounded by PROBE_TIMEOUT_MS. */
  async probeDatabase(): Promise<DatabaseProbe> {
    return (await this.sharedProbe()).probe;
  }

  private sharedProbe() {
    this.inFlight ??= this.runProbe().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * When a probe's round trip last completed (Date.now()), within its 1 s or after it: a database that answers
   * late is slow (a busy machine, PGlite's queries taking turns), not gone, which is the watchdog's question.
   */
  get databaseAnsweredAt(): number | undefined {
    return this.answeredAt;
  }

  private async runProbe() {
    const started = performance.now();
    const dueBefore = new Date(this.options.clock.now().getTime() - SETTLEMENT_LAG_MS);
    try {
      const work = async () => {
        const overdue = await this.options.settlement.overdueOrders(dueBefore);
        if (this.options.dataFolder) await writeProbeFile(this.options.dataFolder);
        this.answeredAt = Date.now();
        return overdue;
      };
      const overdue = await within(work(), PROBE_TIMEOUT_MS, `no answer within ${PROBE_TIMEOUT_MS / 1000} s`);
      return { probe: { ok: true as const, ms: Math.round(performance.now() - started) }, overdue };
    } catch (error) {
      return { probe: { ok: false as const, error: describe(error) } };
    }
  }

  async report(): Promise<HealthReport> {
    const { probe, overdue } = await this.sharedProbe();
    const now = this.options.clock.now().getTime();
    const tickAge = this.newestTickAt === undefined ? null : Math.max(0, now - this.newestTickAt);
    const feedOk = tickAge !== null && tickAge <= FEED_STALE_MS;
    const settlementOk = overdue !== undefined && overdue.count === 0;
    const failing: HealthPart[] = [];
    if (!probe.ok) failing.push("database");
    if (!feedOk) failing.push("feed");
    if (!settlementOk) failing.push("settlement");
    // Only a database that does not answer (or a drain) takes the instance out of service; a stale feed or a
    // settlement backlog is the whole exchange's, and another instance would not do better.
    const ready = probe.ok && !this.draining;
    return {
      ready,
      status: ready ? "ok" : "failing",
      failing,
      draining: this.draining,
      checks: {
        database: probe.ok ? { ok: true, ms: probe.ms, error: null } : { ok: false, ms: null, error: probe.error },
        feed: { ok: feedOk, newest_tick_age_s: tickAge === null ? null : seconds(tickAge) },
        settlement: {
          ok: settlementOk,
          overdue_orders: overdue?.count ?? null,
          oldest_overdue_s: overdue?.oldest ? seconds(now - overdue.oldest.getTime()) : null,
        },
      },
    };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // drizzle wraps the driver's error: its cause says what went wrong ("could not open file ..."), not the SQL.
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

/**
 * Checks the cluster is still there (PG_VERSION: a deleted folder can come back half, as PGlite recreates the
 * directories it writes to) and writes 4 KB into the folder and removes it: fails with ENOENT once the folder is
 * deleted and ENOSPC when its disk is full, which PGlite itself notices only at its next checkpoint or new file.
 */
async function writeProbeFile(folder: string) {
  await access(path.join(folder, "PG_VERSION"));
  const file = path.join(folder, `.health-${process.pid}-${randomBytes(3).toString("hex")}`);
  const handle = await open(file, "w");
  try {
    await handle.write(Buffer.alloc(4096));
  } finally {
    await handle.close();
    await unlink(file).catch(() => {});
  }
}
