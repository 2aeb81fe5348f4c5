import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../db/client";
import { acquireLease, releaseLease } from "./lease";

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerLoopOptions {
  /** Names the worker in logs and, with `lease`, names the lease. */
  name: string;
  /** Time from the start of one pass to the start of the next; passes never overlap. */
  intervalMs: number;
  /**
   * One pass of work. A throw is logged and the loop goes on. A long pass calls `renewLease` now and then; when
   * it answers false another instance has taken over and the pass should stop.
   */
  pass: (renewLease: () => Promise<boolean>) => Promise<void>;
  /**
   * With a lease, only the instance holding it runs passes (the price feed); without, every instance does (work
   * that is safe to share, like settlement with SKIP LOCKED).
   */
  lease?: { db: Db; ttlMs: number };
  /** Called when this instance gains or loses the lease. */
  onLeadership?: (leader: boolean) => void | Promise<void>;
  log: WorkerLog;
}

/** This process in lease holders' names (host and pid), for the operator reading the leases table. */
export const instanceId = `${hostname()}:${process.pid}`;

/**
 * A background loop: start, a pass every interval, stop that waits for the running pass and hands the lease
 * back. The price feed uses it; settlement and staking accrual can too.
 */
export class WorkerLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private leader = false;
  readonly holder: string;

  constructor(private readonly options: WorkerLoopOptions) {
    // Unique per loop, so that even two loops in one process (tests) are two holders.
    this.holder = `${instanceId}:${options.name}:${randomBytes(3).toString("hex")}`;
  }

  get isLeader() {
    return this.leader;
  }

  get isRunning() {
    return !this.stopped;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.running = this.runOnce()
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          this.schedule(Math.max(0, this.options.intervalMs - (Date.now() - started)));
        });
    }, delay);
  }

  private async setLeader(leader: boolean) {
    if (leader === this.leader) return;
    this.leader = leader;
    this.options.log.info({ worker: this.options.name, holder: this.holder }, leader ? "lease taken" : "lease lost");
    await this.options.onLeadership?.(leader);
  }

  /** One pass now (tests call it directly). Returns whether it ran, i.e. false while another instance leads. */
  async runOnce(): Promise<boolean> {
    const { lease, name, log } = this.options;
    try {
      if (lease) {
        const held = await acquireLease(lease.db, name, this.holder, lease.ttlMs);
        await this.setLeader(held);
        if (!held) return false;
      }
      await this.options.pass(async () => {
        if (!lease) return true;
        const held = await acquireLease(lease.db, name, this.holder, lease.ttlMs);
        await this.setLeader(held);
        return held;
      });
      return true;
    } catch (error) {
      log.error({ worker: name, err: error }, "worker pass failed");
      return false;
    }
  }

  /** Stops after the running pass and gives the lease back. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    if (this.options.lease && this.leader) {
      await releaseLease(this.options.lease.db, this.options.name, this.holder).catch(() => {});
      await this.setLeader(false);
    }
  }
}
