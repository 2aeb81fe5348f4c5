import { mainThreadHeldWithin } from "../lib/main-thread-hold";
import type { DatabaseProbe } from "../modules/system/service";

export interface WatchdogOptions {
  /** One bounded database round trip (HealthService.probeDatabase). */
  probe: () => Promise<DatabaseProbe>;
  /** Failing this long without a single good probe, and without any late answer, is fatal. */
  failAfterMs: number;
  /**
   * When the database last answered a probe at all (Date.now()), late ones included
   * (HealthService.databaseAnsweredAt): a probe that timed out but came back later means a slow database, not a
   * dead one, and a restart would only make a busy machine busier.
   */
  answeredAt?: () => number | undefined;
  /**
   * Called once, with why (each distinct failure of the failing window, first seen first) and for how long: the
   * caller logs one line and exits non-zero.
   */
  onFatal: (reason: string, failingMs: number) => void;
}

/**
 * Notices a database that has stopped answering (decision 115): PGlite's data folder deleted or its disk full, a
 * PostgreSQL that hangs. It probes every few seconds; when no probe has succeeded, nor come back late, for `failAfterMs` it calls
 * `onFatal`, and the process ends for its supervisor (systemd's Restart=on-failure) to start it again, rather
 * than staying up answering nothing. A probe that succeeds in between starts the count again.
 */
export class Watchdog {
  private timer: NodeJS.Timeout | undefined;
  private failingSince: number | undefined;
  /**
   * A deleted data folder first fails with ENOENT, and later probes may only time out behind the writes failing
   * with it: the line names the cause, not just the last symptom.
   */
  private readonly reasons = new Set<string>();
  private fired = false;
  private readonly intervalMs: number;

  constructor(private readonly options: WatchdogOptions) {
    // At least three probes fail before the end, and a failure is seen within 5 s of it starting.
    this.intervalMs = Math.max(200, Math.min(5_000, Math.floor(options.failAfterMs / 3)));
  }

  start() {
    if (this.timer || this.options.failAfterMs <= 0) return;
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check() {
    const result = await this.options.probe();
    if (!this.timer || this.fired) return;
    if (result.ok) {
      this.recovered();
      return;
    }
    if (mainThreadHeldWithin(this.options.failAfterMs)) {
      // A backup's dump held the main thread (lib/main-thread-hold.ts): the probes could not run, not a dead database.
      this.recovered();
      return;
    }
    const now = Date.now();
    this.failingSince ??= now;
    const answered = this.options.answeredAt?.();
    if (answered !== undefined && answered > this.failingSince) {
      // A late answer: the window starts again from it.
      this.failingSince = answered;
      this.reasons.clear();
    }
    this.reasons.add(result.error);
    const failingMs = now - this.failingSince;
    if (failingMs < this.options.failAfterMs) return;
    this.fired = true;
    this.stop();
    this.options.onFatal([...this.reasons].join("; "), failingMs);
  }

  private recovered() {
    this.failingSince = undefined;
    this.reasons.clear();
  }
}
