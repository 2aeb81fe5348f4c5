import { Refusal } from "../../lib/errors";

interface Waiter {
  admit(): void;
}

/**
 * This instance's turns for streaming statements (decision 102): `size` at once, then up to `queueLimit` waiting in
 * the order they came, then refused. A freed turn goes straight to the first waiter, so nobody overtakes the queue.
 * In memory: what it shares out is this process's event loop (and, on PGlite, its one database connection).
 */
export class ExportPool {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly size: number,
    readonly queueLimit: number,
  ) {}

  /** How many statements stream now and how many wait (for the tests and the log). */
  get state() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves with the function that gives the turn back (once, however often it is called) when a turn is free.
   * Refuses at once with `exports_busy` when the queue is full; rejects when `signal` aborts while waiting (the
   * client went away), leaving the queue as if it had never come.
   */
  async take(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.running < this.size && this.waiting.length === 0) {
      this.running++;
      return this.giveBack();
    }
    if (this.waiting.length >= this.queueLimit) throw new Refusal("exports_busy");
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          signal.removeEventListener("abort", leave);
          resolve();
        },
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      this.waiting.push(waiter);
    });
    return this.giveBack();
  }

  private giveBack(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    };
  }
}
