import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import type { Clock } from "../src/lib/clock";
import type { SteppableClock } from "../src/lib/test-clock";
import { seedDatabase } from "../src/seed";
import { type ContractClient, contractClient } from "./api-client";
import { checkedOnClose } from "./invariants";

/** The PostgreSQL every machine of this project runs; tests make a fresh database in it per test file. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDbKind = "pglite" | "postgres";
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === "postgres" ? "postgres" : "pglite");

/**
 * An empty, migrated database of the kind this test project runs on. `close` checks the money invariants
 * (invariants.ts) and then drops it: every test file that opens one fails when it leaves the ledger broken.
 */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === "pglite") return checkedOnClose(await openDatabase({ template: pgliteTemplate() }), "PGlite");
  const name = `cryptos_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}; the API tests run on it too (${String(error)})`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = checkedOnClose(await openDatabase({ databaseUrl: url.toString(), poolSize: 5 }), name);
  return {
    ...database,
    close: () => closeThenDrop(name, database),
  };
}

let template: Blob | undefined;
/** The migrated cluster global-setup.ts dumped for this run (read once per worker: the API test files share their modules). */
function pgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/** Drops a database a test made on the test PostgreSQL. */
export async function dropTestDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await dropper.connect();
  await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await dropper.end();
}

/** Closes the databases (their invariant checks first) and drops `name` even when a check fails. */
export async function closeThenDrop(name: string, ...databases: Database[]): Promise<void> {
  try {
    for (const database of databases) await database.close();
  } finally {
    await dropTestDatabase(name);
  }
}

/**
 * A started app with its database. Calls go by contract name through `api`/`send` (typed input and `data`);
 * `call` sends by path, for input the contract would not type (malformed bodies, unknown paths). The app's own
 * services are `app.services`: tests drive those rather than building a second set over the same database.
 */
export interface TestApp extends ContractClient {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** POSTs JSON (or sends `method`) and returns the parsed envelope with the HTTP status. */
  call(
    path: string,
    options?: {
      method?: "GET" | "POST";
      body?: unknown;
      query?: Record<string, string>;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: { code: number; msg: string; data?: unknown } }>;
  /** A signed-in operator's token (creates the operator on first use). */
  operatorToken(): Promise<string>;
  close(): Promise<void>;
}

export const TEST_OPERATOR = { email: "ops@test.local", password: "operator-test-password-1" };

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** A steppable clock for the emailed codes alone, as TEST_CLOCK=on gives the browser tests' server. */
  codeClock?: SteppableClock;
  /** The API's per-address limit; high by default, since every injected request comes from one address. */
  rateLimitPerMinute?: number;
  /** Runs on the built app before it is ready: the last point where hooks can be added. */
  beforeReady?: (app: FastifyInstance) => void;
  /**
   * Captures the app's log: with a stream, the app keeps its own logger options (the redact list of app.ts) at
   * level trace and writes every line to it; without one, it logs nothing.
   */
  logStream?: { write(line: string): void };
  /**
   * A database that outlives the app (a server stopped and started again on one data folder): used as it is, not
   * seeded again, and `close` stops the app only.
   */
  database?: Database;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  if (!options.database) await seedDatabase(database);
  const { logStream } = options;
  const config = loadConfig(
    { LOG_LEVEL: logStream ? "trace" : "silent" },
    // Tests move their clock by hours with one operator token; the idle timeout has its own test (12 h: the
    // session's own end, as before there was one).
    { webDist: undefined, perIpLimits: false, operatorIdleMinutes: 720, ...options.config },
  );
  const rateLimitPerMinute = options.rateLimitPerMinute ?? 1_000_000;
  const app = await buildApp({
    config,
    database,
    ...(logStream ? { logStream } : { logger: false }),
    rateLimitPerMinute,
    clock: options.clock,
    codeClock: options.codeClock,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    ...contractClient(app),
    async call(path, options = {}) {
      const request: InjectOptions = {
        method: options.method ?? "POST",
        url: path,
        query: options.query,
        headers: options.headers,
      };
      if (options.body !== undefined) request.payload = options.body as InjectOptions["payload"];
      const response = await app.inject(request);
      return { status: response.statusCode, body: response.json() };
    },
    async operatorToken() {
      const { admin } = app.services;
      await admin.ensureOperator(TEST_OPERATOR.email, TEST_OPERATOR.password);
      return (await admin.login(TEST_OPERATOR.email, TEST_OPERATOR.password, "127.0.0.1")).token;
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
