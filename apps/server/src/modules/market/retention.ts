import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import * as repo from "./repo";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one path that removes raw ticks: those older than the retention, except every tick another module says it
 * references. Candles keep the history of prices.
 */
export class TickRetentionService {
  private readonly tickProtectors = new Map<string, () => SQL>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Another module declares the ticks it references (e.g. the up/down orders' entry and exit ticks) as a query
   * returning one column of tick ids; the retention job never deletes those.
   */
  protectTicks(name: string, referencedTickIds: () => SQL) {
    this.tickProtectors.set(name, referencedTickIds);
  }

  /**
   * Deletes raw ticks older than `keepDays` except every tick a protector names, in batches. Candles keep the
   * history of prices; only the individual ticks go. Returns how many ticks it deleted.
   */
  async pruneTicks(keepDays: number, batchSize = 10_000): Promise<number> {
    if (!(keepDays > 0)) throw new Error("keepDays must be positive");
    const cutoff = new Date(this.clock.now().getTime() - keepDays * DAY_MS);
    const keep = [...this.tickProtectors.values()].map((q) => q());
    let total = 0;
    for (;;) {
      const n = await withTransaction(this.db, (tx) => repo.deleteTicksBefore(tx, cutoff, keep, batchSize));
      total += n;
      if (n < batchSize) return total;
    }
  }
}
