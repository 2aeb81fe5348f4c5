import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { listenForMainThreadHolds } from "../lib/main-thread-hold";

/**
 * The guard's thread (evaluated as is, CommonJS or ESM alike): it hears a beat from the main thread every second;
 * when none has come for `stallMs`, it writes one log line (as pino would, to stdout) and kills the process. Only
 * another thread can notice this: a main thread spinning inside PGlite runs no timer and no signal handler (SIGTERM
 * included). A message `{ allowMs }` (lib/main-thread-hold.ts: a backup's dump) lets the main thread stall up to
 * `allowMs` from then on, until `{ allowMs: 0 }`.
 */
const GUARD_THREAD = `
const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
const { writeSync } = process.getBuiltinModule("node:fs");
let last = Date.now();
let allowMs = 0;
parentPort.on("message", (message) => {
  last = Date.now();
  if (typeof message === "object" && message !== null) allowMs = message.allowMs;
});
setInterval(() => {
  const stalled = Date.now() - last;
  if (stalled < Math.max(workerData.stallMs, allowMs)) return;
  const seconds = Math.round(stalled / 1000);
  const msg = "watchdog: the server's main thread has not run for " + seconds + " s (" +
    (allowMs > 0 ? "holding it for a backup's dump, allowed " + Math.round(allowMs / 1000) + " s" :
      "stuck in the database, which no longer answers") +
    "); killing the process for the supervisor to restart the server";
  writeSync(1, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, stalled_s: seconds, msg }) + "\\n");
  process.kill(process.pid, "SIGKILL");
}, 500);
`;

/**
 * Ends a process whose main thread has stopped running for `stallMs` (decision 115): the watchdog's second half,
 * for the case its first half (Watchdog, on the main thread) cannot see. The process dies by SIGKILL, which systemd's
 * Restart=on-failure counts as a failure; the line before it says why.
 */
export function startStallGuard(stallMs: number): { ready: Promise<void>; stop(): Promise<void> } {
  const guard = new Worker(GUARD_THREAD, { eval: true, workerData: { stallMs } });
  // The guard counts from when its thread runs (a busy machine takes seconds to start one).
  const ready = once(guard, "online").then(
    () => undefined,
    () => undefined,
  );
  guard.unref();
  const beat = setInterval(() => guard.postMessage(0), 1_000);
  beat.unref();
  listenForMainThreadHolds((allowMs) => guard.postMessage({ allowMs }));
  return {
    ready,
    async stop() {
      listenForMainThreadHolds(undefined);
      clearInterval(beat);
      await guard.terminate();
    },
  };
}
