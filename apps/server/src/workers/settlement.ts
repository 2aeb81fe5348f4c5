import type { Services } from "../modules/services";
import { type WorkerLog, WorkerLoop } from "./loop";

/**
 * The loops that settle what falls due: up/down orders twice a second, staking interest and maturities once a
 * minute. Both take their rows with FOR UPDATE SKIP LOCKED, so every instance runs them without a lease.
 */
export function settlementWorkers(services: Pick<Services, "updown" | "staking">, log: WorkerLog) {
  const loops = [
    new WorkerLoop({
      name: "updown-settlement",
      intervalMs: 500,
      log,
      pass: async () => {
        const settled = await services.updown.settleDue();
        if (settled > 0) log.info({ settled }, "up/down orders settled");
      },
    }),
    new WorkerLoop({
      name: "staking-accrual",
      intervalMs: 60_000,
      log,
      pass: async () => {
        const touched = await services.staking.accrueDue();
        if (touched > 0) log.info({ touched }, "staking orders accrued");
      },
    }),
  ];
  return {
    start: () => {
      for (const loop of loops) loop.start();
    },
    stop: () => Promise.all(loops.map((loop) => loop.stop())),
  };
}
