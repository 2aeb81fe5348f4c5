import type { Database } from "../db/client";
import type { Services } from "../modules/services";
import { type WorkerLog, WorkerLoop } from "./loop";

/**
 * The hot wallet's sender: one instance at a time (the lease), every few seconds, follows what was sent, broadcasts
 * again what is stored, and signs what is queued. The nonces and stored transactions in the database keep a second
 * sender (a lease taken over mid-pass) from paying anything twice. Then, when due, it anchors the tick log's heads.
 */
export function chainSender(
  services: Pick<Services, "chainWithdrawals" | "chainAnchors">,
  database: Database,
  log: WorkerLog,
) {
  return new WorkerLoop({
    name: "chain-sender",
    intervalMs: 5_000,
    lease: { db: database.db, ttlMs: 30_000 },
    log,
    // The anchors of the tick log's heads (decision 148) take their nonces from the same row, in the same pass.
    pass: async () => {
      const failures: unknown[] = [];
      await services.chainWithdrawals.pass().catch((error: unknown) => failures.push(error));
      await services.chainAnchors.pass().catch((error: unknown) => failures.push(error));
      if (failures.length) throw failures[0];
    },
  });
}
