import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client";

export interface DrainParts {
  app: FastifyInstance;
  /** The background loops (price feed, settlement, chain, watchdog...): each stop waits for its running pass. */
  workers: { stop(): unknown }[];
  database: Database;
}

/**
 * SIGTERM's drain (decision 115), in order: orders are refused from now on (a message saying to place them again
 * in a few seconds) and readiness answers 503; every worker stops after its running pass, so the settlement batch
 * under way commits whole and the feed's lease is handed over at once; the app closes, which sends every live
 * socket a close frame with code 1012 (clients reconnect, to another instance behind the proxy) and waits for the
 * requests in flight; then the database closes. Resolves with how long it took; main.ts bounds it (DRAIN_SECONDS).
 */
export async function drainServer({ app, workers, database }: DrainParts): Promise<number> {
  const started = performance.now();
  app.health.beginDrain();
  await Promise.all(workers.map((worker) => worker.stop()));
  await app.close();
  await database.close();
  return Math.round(performance.now() - started);
}
