import type { Db } from "../db/client";
import type { Services } from "../modules/services";
import { type WorkerLog, WorkerLoop } from "./loop";

/**
 * The operator alerts' checks (decision 114), one pass every ALERT_CHECK_SECONDS by the instance holding the
 * `operator-alerts` lease. The lease spares the other instances the work; the incidents table's guards alone make
 * each incident mail once, even if two instances ever check at the same time.
 */
export function operatorAlertsWorker(services: Pick<Services, "incidents">, db: Db, everyMs: number, log: WorkerLog) {
  return new WorkerLoop({
    name: "operator-alerts",
    intervalMs: everyMs,
    lease: { db, ttlMs: Math.max(30_000, everyMs * 3) },
    log,
    pass: () => services.incidents.runChecks(),
  });
}
