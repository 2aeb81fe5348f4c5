import type { Db } from "../db/client";
import type { Services } from "../modules/services";
import { type WorkerLog, WorkerLoop } from "./loop";

/** How often the holder of the lease looks whether a snapshot is due (RESERVES_EVERY apart). */
const CHECK_MS = 60_000;

/**
 * Proof of reserves on a schedule (issue 44): one instance at a time (the `reserves` lease) takes a snapshot when the
 * latest is RESERVES_EVERY old. A failed one (a node down) is logged and tried again at the next check.
 */
export function reservesWorker(services: Pick<Services, "reserves">, db: Db, everyMs: number, log: WorkerLog) {
  return new WorkerLoop({
    name: "reserves",
    intervalMs: Math.min(CHECK_MS, everyMs),
    lease: { db, ttlMs: 3 * CHECK_MS },
    log,
    pass: async () => {
      const taken = await services.reserves.takeWhenDue(everyMs);
      if (taken) log.info({ snapshot: taken.snapshot_id, root: taken.root.hash }, "reserves snapshot taken");
    },
  });
}
