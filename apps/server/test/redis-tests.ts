import { Redis } from "ioredis";
import { testDbKind } from "./helper";

/** The Redis every machine of this project runs; the multi-instance tests use it with their own keys and channels. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const onPostgres = testDbKind() === "postgres";
/** Whether Redis answered (asked only in the server-postgres project, where the Redis tests run). */
export const redisUp = onPostgres ? await redisReachable() : false;
/** Run the Redis tests here: on PostgreSQL, and under CI even without Redis, so that its absence fails the run. */
export const runRedisTests = onPostgres && (redisUp || process.env.CI === "true");
