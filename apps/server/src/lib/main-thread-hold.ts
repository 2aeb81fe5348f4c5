/**
 * Work that holds the main thread on purpose for longer than the stall guard allows (workers/stall-guard.ts): PGlite's
 * dump of its data folder is one synchronous walk of every file, about 17 s for the 130 MB a first start writes on a
 * busy machine, and the guard would kill the server in the middle of its own backup. The guard, when one runs,
 * listens here; without one (the operator command line, tests) a hold only runs the work.
 */
type HoldListener = (allowMs: number) => void;

let listener: HoldListener | undefined;
let holds = 0;
let lastHoldEndedAt = 0;

/**
 * Whether a hold runs now or ended less than `withinMs` ago: the database watchdog's probes could not run or answer
 * meanwhile, so their failures then say nothing about the database.
 */
export const mainThreadHeldWithin = (withinMs: number) => holds > 0 || Date.now() - lastHoldEndedAt < withinMs;

/** The stall guard's ear: `allowMs` > 0 lets the main thread stall that long from now, 0 ends the allowance. */
export function listenForMainThreadHolds(next: HoldListener | undefined) {
  listener = next;
}

/** Runs `work`, telling the stall guard first that the main thread may stall for up to `allowMs` meanwhile. */
export async function holdingMainThread<T>(allowMs: number, work: () => Promise<T>): Promise<T> {
  listener?.(allowMs);
  holds += 1;
  try {
    return await work();
  } finally {
    holds -= 1;
    lastHoldEndedAt = Date.now();
    listener?.(0);
  }
}
