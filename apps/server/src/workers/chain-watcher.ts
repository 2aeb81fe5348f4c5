import type { Database } from "../db/client";
import type { ChainService } from "../modules/chain/service";
import { type WorkerLog, WorkerLoop } from "./loop";

export const CHAIN_WATCHER_LEASE = "chain-watcher";

/**
 * The chain watcher (issue 39): one instance at a time (the `chain-watcher` lease) follows every on-chain network
 * from its stored cursor, so a restart or a failover resumes where the last pass left off. Each credit is exactly
 * once by the chain's own identity, whichever instance runs the pass.
 */
export function chainWatcher(chain: ChainService, database: Database, log: WorkerLog, intervalMs = 4_000) {
  return new WorkerLoop({
    name: CHAIN_WATCHER_LEASE,
    intervalMs,
    lease: { db: database.db, ttlMs: 30_000 },
    log,
    // Every pass, with or without networks: it reads the stored list first, so a network saved in the console on
    // any instance is followed from the next pass (decision 109).
    pass: async () => {
      await chain.pass();
    },
  });
}
