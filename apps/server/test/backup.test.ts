import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import type { BackupResult } from "../src/db/backup/archive";
import { rotateBackups, scheduledBackupName, scheduledBackups } from "../src/db/backup/schedule";
import { type Database, openDatabase } from "../src/db/client";
import {
  exchanges as exchangeRows,
  ledgerAccounts,
  tickHeads,
  ticks,
  updownOrders,
  updownSettings,
  users,
} from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import { hashPassword } from "../src/lib/secrets";
import { createServices } from "../src/modules/services";
import { seedDatabase } from "../src/seed";
import { nodeArgsFor, ROOT, ServerProcess } from "./crash-fixtures";
import { fundUser } from "./fixtures";
import { dropTestDatabase, POSTGRES_ADMIN_URL, testDbKind } from "./helper";

/**
 * Issue 40 items 1 and 2, end to end with real processes: a server on a PGlite folder under a burst of orders and
 * exchanges is backed up by `npm run operator -- backup` (through its control socket), the backup restored into a new
 * folder, that folder migrated into PostgreSQL, and a server started there; meanwhile scheduled backups rotate.
 */

const run = promisify(execFile);
const PASSWORD = "backup-test-password";
const USERS = 3;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const temp = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `cryptos-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function operator(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [...nodeArgsFor("cli"), ...args], {
      env: { ...process.env, DATABASE_URL: "", SIMULATED_HISTORY_DAYS: "0", ...env },
      cwd: ROOT,
      maxBuffer: 8 * 1024 * 1024,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

async function freshPostgres(): Promise<string> {
  const name = `cryptos_backup_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(() => dropTestDatabase(name));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    PRICE_SOURCE: "simulated",
    SIMULATED_HISTORY_DAYS: "0",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    LOG_LEVEL: "warn",
    PER_IP_LIMITS: "off",
    RATE_LIMIT_PER_MINUTE: "1000000",
    ...extra,
  };
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess & { url: string }> {
  const server = new ServerProcess(env);
  cleanups.push(() => server.kill());
  server.start();
  await server.waitFor("the server to listen", async () => server.baseUrl !== undefined, 120_000, 100);
  return Object.assign(server, { url: server.baseUrl! });
}

async function call<T = unknown>(base: string, route: string, body: object, token?: string) {
  const res = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

const login = async (base: string, email: string) =>
  (
    await call<{ userinfo: { token: string } }>(base, "/api/user/login", {
      type: 1,
      username: email,
      password: PASSWORD,
    })
  ).data.userinfo.token;

const t0 = Date.now();
/** Where the time goes, with BACKUP_DEBUG=1. */
const phase = (what: string) => {
  if (process.env.BACKUP_DEBUG)
    process.stderr.write(`[backup.test] ${((Date.now() - t0) / 1000).toFixed(1)} s ${what}\n`);
};

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Seeded, with funded users whose up/down orders cannot settle during the test (a one-day term only). */
async function prepareFolder(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    await seedDatabase(database);
    await database.db.update(updownSettings).set({ terms: [{ seconds: 86_400, payout_rate: "0.9" }] });
    const { ledger } = createServices(database, systemClock);
    const emails: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `backup-${i}@example.com`;
      const [row] = await database.db
        .insert(users)
        .values({ email, passwordHash: await hashPassword(PASSWORD) })
        .returning({ id: users.id });
      await fundUser(ledger, row!.id, "100000");
      emails.push(email);
    }
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "proof.png"), "an uploaded image");
    return emails;
  } finally {
    await database.close();
  }
}

interface Acked {
  id: number;
  lane: number;
  at: number;
}

/** Orders and exchanges from every user at once until `stop` resolves; each acknowledged id goes into `done`. */
async function burst(
  base: string,
  tokens: string[],
  stop: Promise<unknown>,
  done: { orders: Acked[]; exchanges: Acked[] },
) {
  let stopped = false;
  void stop.finally(() => {
    stopped = true;
  });
  await Promise.all(
    tokens.map(async (token, lane) => {
      for (let i = 0; !stopped; i++) {
        if (i % 2 === 0) {
          const order = await call<{ id: number }>(
            base,
            "/api/index/domiao",
            { productid: 1 + (lane % 3), direction: i % 4 ? "up" : "down", amount: "10", seconds: 86_400 },
            token,
          );
          if (order.code === 1) done.orders.push({ id: order.data.id, lane, at: Date.now() });
        } else {
          const quote = await call<{ quote_id: string }>(
            base,
            "/api/index/duihuanquote",
            { from: "USDT", to: "BTC", amount: "25" },
            token,
          );
          if (quote.code !== 1) continue;
          const exchange = await call<{ id: number }>(
            base,
            "/api/index/duihuan",
            { quote_id: quote.data.quote_id },
            token,
          );
          if (exchange.code === 1) done.exchanges.push({ id: exchange.data.id, lane, at: Date.now() });
        }
      }
    }),
  );
}

async function userBalances(database: Database) {
  const rows = await database.db
    .select({
      email: users.email,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .innerJoin(users, eq(users.id, ledgerAccounts.userId));
  return Object.fromEntries(rows.map((r) => [`${r.email} ${r.currency} ${r.kind}`, Number(r.balance)]));
}

describe.runIf(testDbKind() === "pglite")("backup, restore and migrate (npm run operator)", () => {
  it("backs up a PGlite server mid-burst, restores into a new folder, migrates that to PostgreSQL and serves it unchanged; scheduled backups rotate", {
    timeout: 600_000,
  }, async () => {
    const source = temp("backup-source");
    const backups = temp("backup-scheduled");
    const out = temp("backup-out");
    const emails = await prepareFolder(source);

    phase("prepared");
    const server = await startServer(serverEnv(source, { BACKUP_DIR: backups, BACKUP_EVERY: "10s", BACKUP_KEEP: "1" }));
    const seen = new Set<string>();
    const watch = setInterval(() => {
      for (const name of readdirSync(backups)) if (name.endsWith(".tar.gz")) seen.add(name);
    }, 100);
    cleanups.push(() => clearInterval(watch));
    phase("server A up");
    const tokens = await Promise.all(emails.map((email) => login(server.url, email)));

    // A burst of orders and exchanges; once some are in, the backup and (refused) a migration of the busy folder.
    let release!: () => void;
    const stop = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acked = { orders: [] as Acked[], exchanges: [] as Acked[] };
    // A server that dies mid-backup shows here as the burst's "fetch failed": its own last words say why.
    const traffic = burst(server.url, tokens, stop, acked).catch((error: unknown) => {
      throw new Error(`the burst failed (${String(error)}); the server's last output:\n${server.log}`);
    });
    await server.waitFor(
      "the burst's first orders and exchanges",
      async () => acked.orders.length > 0 && acked.exchanges.length > 0,
      120_000,
      50,
    );
    phase("burst going");
    const file = path.join(out, "mid-burst.tar.gz");
    const startedAt = Date.now();
    const [backedUp, refusedMigration] = await Promise.all([
      operator({ DATA_DIR: source }, "backup", "--out", file),
      operator({ DATA_DIR: source }, "migrate", "--to", "postgres://127.0.0.1:1/none"),
    ]);
    phase(`backup done: ${backedUp.out.trim()}`);
    release();
    await traffic;
    expect(backedUp, `${backedUp.out}\nthe server's last output:\n${server.log}`).toMatchObject({
      code: 0,
      out: expect.stringMatching(/taken by the running server/),
    });
    expect(refusedMigration.code).toBe(1);
    expect(refusedMigration.out).toMatch(/is in use by process \d+ \(a running server\?\)\. Stop it first/);
    const before = {
      orders: acked.orders.filter((o) => o.at < startedAt),
      exchanges: acked.exchanges.filter((e) => e.at < startedAt).map((e) => e.id),
    };
    expect(before.orders.length).toBeGreaterThan(0);
    expect(before.exchanges.length).toBeGreaterThan(0);
    expect(acked.orders.length + acked.exchanges.length).toBeGreaterThan(
      before.orders.length + before.exchanges.length,
    );
    expect(readFileSync(`${file}.sha256`, "utf8")).toBe(`${sha256(file)}  mid-burst.tar.gz\n`);

    // Scheduled backups: once two have been written, only the newest remains, with its checksum.
    await server.waitFor("a second scheduled backup", async () => seen.size >= 2, 300_000, 200);
    phase("2 scheduled");
    await server.kill("SIGTERM");
    const kept = readdirSync(backups).sort();
    expect(kept).toHaveLength(2);
    for (const name of kept.filter((n) => n.endsWith(".tar.gz"))) {
      expect(readFileSync(path.join(backups, `${name}.sha256`), "utf8")).toBe(
        `${sha256(path.join(backups, name))}  ${name}\n`,
      );
    }
    expect(kept.filter((n) => n.endsWith(".tar.gz"))).toEqual([...seen].sort().slice(-1));

    // Restore into a new folder: everything acknowledged before the backup began, balanced, heads of the snapshot.
    phase("server A stopped");
    const restored = temp("backup-restored");
    const restoredRun = await operator({ DATA_DIR: restored }, "restore", "--from", file);
    expect(restoredRun, restoredRun.out).toMatchObject({ code: 0, out: expect.stringMatching(/Everything matches\./) });
    expect(readFileSync(path.join(restored, "uploads", "proof.png"), "utf8")).toBe("an uploaded image");
    const damaged = path.join(out, "damaged.tar.gz");
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(damaged, bytes);
    copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    const elsewhere = temp("backup-damaged");
    const [intoFull, fromDamaged] = await Promise.all([
      operator({ DATA_DIR: restored }, "restore", "--from", file),
      operator({ DATA_DIR: elsewhere }, "restore", "--from", damaged),
    ]);
    expect(intoFull).toMatchObject({
      code: 1,
      out: expect.stringMatching(/pglite already holds a database: restore into an empty DATA_DIR/),
    });
    expect(fromDamaged).toMatchObject({
      code: 1,
      out: expect.stringMatching(/damaged\.tar\.gz is damaged: its SHA-256 is [0-9a-f]{64}/),
    });
    expect(existsSync(path.join(elsewhere, "pglite"))).toBe(false);

    phase("restore + refusals");
    const original = await openDatabase({ dataDir: source });
    const copy = await openDatabase({ dataDir: restored });
    let balances: Record<string, number>;
    let heads: { pairId: number; tickId: number; hash: string }[];
    try {
      const ids = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
      const orders = ids(await copy.db.select({ id: updownOrders.id }).from(updownOrders));
      const exchanges = ids(await copy.db.select({ id: exchangeRows.id }).from(exchangeRows));
      for (const { id } of before.orders) expect(orders.has(id), `order ${id}`).toBe(true);
      for (const id of before.exchanges) expect(exchanges.has(id), `exchange ${id}`).toBe(true);
      expect(await createServices(copy, systemClock).ledger.health()).toMatchObject({
        ok: true,
        unbalancedEntries: 0,
        mismatchedAccounts: 0,
        negativeUserAccounts: 0,
      });
      // Each restored head is a link of the original's chain: the tick with that id has that hash there.
      heads = await copy.db.select().from(tickHeads);
      expect(heads.length).toBeGreaterThan(0);
      for (const head of heads) {
        const [tick] = await original.db.select({ hash: ticks.hash }).from(ticks).where(eq(ticks.id, head.tickId));
        expect(tick?.hash, `pair ${head.pairId}`).toBe(head.hash);
      }
      balances = await userBalances(copy);
    } finally {
      await copy.close();
      await original.close();
    }

    // Migrate the restored folder into PostgreSQL; a second run finds the target full.
    phase("restored checked");
    const url = await freshPostgres();
    const migrated = await operator({ DATA_DIR: restored }, "migrate", "--to", url);
    expect(migrated, migrated.out).toMatchObject({ code: 0, out: expect.stringMatching(/Everything matches\./) });
    expect(migrated.out).toMatch(/ok +sequence ticks_id_seq/);
    expect(await operator({ DATA_DIR: restored }, "migrate", "--to", url)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/The PostgreSQL database is not empty/),
    });
    const onPostgres = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      expect(await userBalances(onPostgres)).toEqual(balances);
      const pgHeads = await onPostgres.db.select().from(tickHeads);
      expect(pgHeads.map((h) => [h.pairId, h.tickId, h.hash]).sort()).toEqual(
        heads.map((h) => [h.pairId, h.tickId, h.hash]).sort(),
      );
    } finally {
      await onPostgres.close();
    }

    // A server on PostgreSQL: the same users sign in to the same balances and orders, and the verifier agrees.
    phase("migrated");
    const onPg = await startServer(serverEnv(restored, { DATABASE_URL: url }));
    const token = await login(onPg.url, emails[0]!);
    const info = await call<{ users: { balances: { currency: string; available: string }[] } }>(
      onPg.url,
      "/api/index/userinfo",
      {},
      token,
    );
    const usdt = info.data.users.balances.find((b) => b.currency === "USDT");
    expect(Number(usdt?.available)).toBe(balances[`${emails[0]} USDT available`]);
    const first = before.orders.find((o) => o.lane === 0) ?? before.orders[0]!;
    const order = await call<{ id: number; amount: string }>(
      onPg.url,
      "/api/index/getmiaode",
      { id: first.id },
      await login(onPg.url, emails[first.lane]!),
    );
    expect(order).toMatchObject({ code: 1, data: { id: first.id, amount: "10" } });
    const pgBackup = path.join(out, "postgres.tar.gz");
    const [verified, pgBacked] = await Promise.all([
      run(process.execPath, ["scripts/verify.mjs", "--url", onPg.url, `--token=${token}`], { cwd: ROOT }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      ),
      // A backup of the running PostgreSQL server (one snapshot) while the verifier reads it.
      operator({ DATA_DIR: restored, DATABASE_URL: url }, "backup", "--out", pgBackup),
    ]);
    expect(verified, verified.out).toMatchObject({ code: 0 });
    phase("server on pg checked, verify ok");
    expect(pgBacked, pgBacked.out).toMatchObject({ code: 0, out: expect.stringMatching(/from PostgreSQL/) });
    const second = await freshPostgres();
    const pgRestored = await operator(
      { DATA_DIR: temp("backup-pg-uploads"), DATABASE_URL: second },
      "restore",
      "--from",
      pgBackup,
    );
    expect(pgRestored, pgRestored.out).toMatchObject({ code: 0, out: expect.stringMatching(/Everything matches\./) });
    phase("pg backup restored");
    await onPg.kill("SIGTERM");
  });

  it("reads BACKUP_EVERY as a period and keeps the newest BACKUP_KEEP backups, deleting dead writers' partial files", () => {
    expect(loadConfig({}).backupEveryMs).toBe(6 * 3_600_000);
    expect(loadConfig({ BACKUP_EVERY: "30m" }).backupEveryMs).toBe(1_800_000);
    expect(loadConfig({}).backupKeep).toBe(14);
    for (const bad of ["6", "1w", "0h", "soon"])
      expect(() => loadConfig({ BACKUP_EVERY: bad })).toThrow(/BACKUP_EVERY/);
    const dir = temp("backup-rotate");
    const names = [0, 1, 2].map((i) => scheduledBackupName(new Date(Date.UTC(2026, 10, 28, i))));
    for (const name of names) {
      writeFileSync(path.join(dir, name), "");
      writeFileSync(path.join(dir, `${name}.sha256`), "");
    }
    // A pid that cannot be alive (above Linux's pid_max), and this process's own file being written.
    writeFileSync(path.join(dir, `${names[2]}.partial-99999999`), "");
    writeFileSync(path.join(dir, `${names[2]}.partial-${process.pid}`), "");
    writeFileSync(path.join(dir, "notes.txt"), "");
    expect(rotateBackups(dir, 2)).toEqual([names[0]]);
    expect(readdirSync(dir).sort()).toEqual(
      [
        names[1]!,
        `${names[1]}.sha256`,
        names[2]!,
        `${names[2]}.partial-${process.pid}`,
        `${names[2]}.sha256`,
        "notes.txt",
      ].sort(),
    );
  });
  it("tells the operator alert of a failed scheduled backup, and of the next that succeeds", async () => {
    const dir = temp("backup-outcome");
    const told: (string | undefined)[] = [];
    let fail = true;
    const schedule = scheduledBackups({
      dir,
      everyMs: 20,
      keep: 2,
      log: { info: () => {}, error: () => {} },
      take: async (file) => {
        if (fail) throw new Error("ENOSPC: no space left on device\nstack");
        writeFileSync(file, "backup");
        // Only the schedule reads this answer, and only its size.
        return { file, bytes: 6 } as BackupResult;
      },
      outcome: async (failure) => {
        told.push(failure);
        fail = false;
      },
    });
    schedule.start();
    await expect.poll(() => told.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await schedule.stop();
    expect(told[0]).toMatch(/^cryptos-.*\.tar\.gz: ENOSPC: no space left on device$/);
    expect(told[1]).toBeUndefined();
  });
});
