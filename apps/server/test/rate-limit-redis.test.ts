import { randomBytes } from "node:crypto";
import { type AddressInfo, createConnection, createServer, type Socket } from "node:net";
import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db/client";
import { seedDatabase } from "../src/seed";
import { openTestDatabase } from "./helper";
import { REDIS_URL, redisUp, runRedisTests as run } from "./redis-tests";

/**
 * Issue #20, item 5: with REDIS_URL the per-address rate limit is counted in Redis, so a client spreading its calls
 * over several instances behind a load balancer meets one limit, not one per instance. Two instances on one
 * PostgreSQL database and the Redis at TEST_REDIS_URL; like the other Redis tests, it runs in the server-postgres
 * project, and under CI a missing Redis fails the run instead of skipping.
 */

describe.runIf(run)("the per-address rate limit across two instances sharing Redis", () => {
  const limit = 6;
  // This run's own keys and channel: test files running in parallel on the same Redis never see each other's counts.
  const namespace = `cryptos:test:rate:${process.pid}:${randomBytes(4).toString("hex")}:`;
  const apps: FastifyInstance[] = [];
  const ports: number[] = [];
  let database: Database;

  beforeAll(async () => {
    expect(redisUp, `Redis is not reachable at ${REDIS_URL}`).toBe(true);
    database = await openTestDatabase();
    await seedDatabase(database);
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, redisUrl: REDIS_URL });
      const app = await buildApp({
        config,
        database,
        logger: false,
        rateLimitPerMinute: limit,
        rateLimitNamespace: namespace,
        tickChannel: `${namespace}ticks`,
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      apps.push(app);
      ports.push((app.server.address() as AddressInfo).port);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  const health = (port: number) => fetch(`http://127.0.0.1:${port}${calls.health.path}`).then((res) => res.status);

  it("lets N calls through split across both instances, and refuses the next on either", async () => {
    const [a = 0, b = 0] = ports;
    // Half to each, at once: each instance alone would allow all of them and as many again.
    const first = await Promise.all(Array.from({ length: limit }, (_, i) => health(i % 2 ? b : a)));
    expect(first).toEqual(Array(limit).fill(200));
    expect(await health(a)).toBe(429);
    expect(await health(b)).toBe(429);
  });

  it("lets calls through, never a 500, while Redis cannot be reached", async () => {
    // A TCP relay to Redis that the test can cut: the instance connects through it, then loses it.
    const sockets = new Set<Socket>();
    const redisAddress = new URL(REDIS_URL);
    const relay = createServer((client) => {
      const upstream = createConnection(Number(redisAddress.port || 6379), redisAddress.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayUrl = `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const config = loadConfig({ LOG_LEVEL: "silent" }, { webDist: undefined, redisUrl: relayUrl });
    const app = await buildApp({
      config,
      database,
      logger: false,
      rateLimitPerMinute: limit,
      rateLimitNamespace: `${namespace}cut:`,
      tickChannel: `${namespace}ticks`,
    });
    try {
      expect((await app.inject({ method: "GET", url: calls.health.path })).statusCode).toBe(200);
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      const answers = await Promise.all(
        Array.from({ length: limit + 2 }, () => app.inject({ method: "GET", url: calls.health.path })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(limit + 2).fill(200));
    } finally {
      await app.close();
    }
  });
});
