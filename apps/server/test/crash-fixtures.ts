import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { expect } from "vitest";
import { START_NODE_ARGS } from "../../../scripts/start-env.mjs";
import { type Database, openDatabase } from "../src/db/client";
import type { LedgerService } from "../src/modules/ledger/service";
import { fundUser, insertUser } from "./fixtures";
import { closeThenDrop, POSTGRES_ADMIN_URL, testDbKind } from "./helper";
import { checkedOnClose } from "./invariants";

/** What the crash tests share: a real server process to SIGKILL, and a PostgreSQL database it reaches by URL. */

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Why a crash test cannot run here (PGlite, or no PostgreSQL outside CI), or undefined. */
export async function whyCrashTestSkips(): Promise<string | undefined> {
  if (testDbKind() === "pglite") {
    return "crash test needs PostgreSQL: a server process is killed and restarted on the test's database, and an in-memory PGlite cannot be shared between processes (runs in the server-postgres project)";
  }
  const probe = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await probe.connect();
    await probe.end();
    return undefined;
  } catch (error) {
    // In CI PostgreSQL is part of the machine: its absence is a failure, not a reason to skip.
    if (process.env.CI === "true") throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}: ${error}`);
    return `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}`;
  }
}

/** A fresh database for one crash test file, with its URL (the server process connects to it by URL). */
export async function createCrashDatabase(
  poolSize: number,
): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const name = `cryptos_crash_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = checkedOnClose(await openDatabase({ databaseUrl: url.toString(), poolSize }), name);
  return {
    url: url.toString(),
    database,
    drop: () => closeThenDrop(name, database),
  };
}

export const CRASH_OPERATOR = { email: "ops@crash.test", password: "crash-test-operator-password" };

/** The environment of a crash test's server process: its database, its own data dir, simulated prices, no limits. */
export function crashServerEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: "0",
    HOST: "127.0.0.1",
    PRICE_SOURCE: "simulated",
    // Three days of history: these tests are about orders and money, not two million rows of candles.
    SIMULATED_HISTORY_DAYS: "3",
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, "no-web-build"),
    LOG_LEVEL: "warn",
    OPERATOR_EMAIL: CRASH_OPERATOR.email,
    OPERATOR_PASSWORD: CRASH_OPERATOR.password,
    PER_IP_LIMITS: "off",
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
}

/** `count` new users holding `amount` USDT each (credited as a completed deposit). */
export async function fundedUsers(database: Database, ledger: LedgerService, count: number, amount: string) {
  const users: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await insertUser(database);
    await fundUser(ledger, id, amount);
    users.push(id);
  }
  return users;
}

/** The ledger's own invariants after a test's crashes. */
export async function expectLedgerHealthy(ledger: LedgerService) {
  expect(await ledger.health()).toMatchObject({
    ok: true,
    unbalancedEntries: 0,
    mismatchedAccounts: 0,
    negativeUserAccounts: 0,
  });
}

/** A seeded generator, so a failing run can be replayed (the seed is printed in the failure message). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;
export const toCents = (value: string): bigint => {
  if (value.startsWith("-")) return -toCents(value.slice(1));
  const [whole, digits = ""] = value.split(".");
  const frac = digits.replace(/0+$/, "");
  if (frac.length > 2) throw new Error(`${value} has more than 2 decimals`);
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0"));
};

/**
 * How a test runs the server or the operator CLI as a process: from the build the test command has just made
 * (scripts/test.sh sets TEST_SERVER_BUILD=1), as `npm start` and `npm run operator` run them; from source under tsx
 * when a file is run on its own, so that an edit is tested without a build. The build also starts a new PGlite
 * folder from its migrated template, and spares each process about 3 s of CPU compiling the sources.
 */
export function nodeArgsFor(entry: "main" | "cli"): string[] {
  // The server with npm start's node flags (decision 169); the operator CLI has none.
  const flags = entry === "main" ? START_NODE_ARGS : [];
  return process.env.TEST_SERVER_BUILD === "1"
    ? [...flags, path.join(ROOT, `apps/server/dist/${entry}.js`)]
    : [...flags, "--import", "tsx", path.join(ROOT, `apps/server/src/${entry}.ts`)];
}

/** The server as `npm start` runs it (see nodeArgsFor), with the last 64 kB of its output for failure messages. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private output = "";
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    /** Node flags put before npm start's own (a test's `--import` of a hook). */
    private readonly nodeFlags: string[] = [],
  ) {}

  start() {
    this.output = "";
    this.child = spawn(process.execPath, [...this.nodeFlags, ...nodeArgsFor("main")], {
      cwd: ROOT,
      env: this.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The tail a failure prints and the tests search for a line: a server's last lines, however long a line is.
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-64_000);
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
  }

  get exited() {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  get log() {
    return this.output;
  }

  /** The exit code once the process has ended by itself (null while running, or when a signal ended it). */
  get exitCode() {
    return this.child?.exitCode ?? null;
  }

  /** The running process's id (lease holders are named `host:pid`). */
  get pid() {
    return this.child?.pid;
  }

  /** `http://host:port` once the server has said where it listens (PORT=0 picks a free port). */
  get baseUrl(): string | undefined {
    return [...this.output.matchAll(/running at (http:\/\/[^/\s]+)/g)].at(-1)?.[1];
  }

  async kill(signal: NodeJS.Signals = "SIGKILL") {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
  }

  /** Polls `done` until it holds; fails with the server's output when the server exits or time runs out. */
  async waitFor(what: string, done: () => Promise<boolean>, timeoutMs: number, intervalMs: number) {
    const until = Date.now() + timeoutMs;
    while (!(await done())) {
      if (this.exited) throw new Error(`the server exited while waiting for ${what}:\n${this.log}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${this.log}`);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
