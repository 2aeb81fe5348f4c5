import type { Database } from "../db/client";
import type { Services } from "../modules/services";
import { type WorkerLog, WorkerLoop } from "./loop";

/**
 * The hot wallet's sender: one instance at a time (the lease), every few seconds, follows what was sent, broadcasts
 * again what is stored, and signs what is queued. The nonces and stored transactions in the database keep a second
 * sender (a lease taken over mid-pass) from paying anything twice.
 */
export function chainSender(services: Pick<Services, "chainWithdrawals">, database: Database, log: WorkerLog) {
  return new WorkerLoop({
    name: "chain-sender",
    intervalMs: 5_000,
    lease: { db: database.db, ttlMs: 30_000 },
    log,
    pass: () => services.chainWithdrawals.pass(),
  });
}
