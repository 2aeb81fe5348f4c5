import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { START_ENV } from "../../../scripts/start-env.mjs";
import { ServerProcess } from "./crash-fixtures";
import { testDbKind } from "./helper";

/** Appends each package the server process resolves from node_modules to the file PACKAGE_LOG names. */
const HOOK = fileURLToPath(new URL("./package-log-hook.mjs", import.meta.url));

/**
 * The libraries only some starts use (decision 085), loaded on first use: the chain's (viem and what it brings) at a
 * network's first use or a hot wallet, the PostgreSQL driver with DATABASE_URL, ioredis with REDIS_URL, nodemailer at
 * the first mail with SMTP_URL, file-type and sharp at the first upload, ccxt with PRICE_SOURCE=ccxt, tar-stream at
 * the first backup, prom-client with METRICS_TOKEN.
 */
const DEFERRED = [
  /^viem$/,
  /^ox$/,
  /^abitype$/,
  /^@scure\//,
  /^@noble\/curves$/,
  /^pg(-.*)?$/,
  /^ioredis$/,
  /^nodemailer$/,
  /^sharp$/,
  /^file-type$/,
  /^ccxt$/,
  /^tar-stream$/,
  /^prom-client$/,
];

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// `npm start` on a new PGlite folder: the build under the test command, else the sources (nodeArgsFor). Only the build
// shows what bundling hoists (a dynamic import's libraries in main.js without code splitting: pg did so). Its own
// process on the embedded database: once is enough, so it runs in the PGlite project only.
describe.runIf(testDbKind() === "pglite")("a default start", () => {
  it("loads none of the libraries only some starts use, through its first answers", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-start-libraries-"));
    dirs.push(dataDir);
    const log = path.join(dataDir, "packages.log");
    // Default settings: no DATABASE_URL, REDIS_URL, SMTP_URL, METRICS_TOKEN, network or hot wallet.
    const server = new ServerProcess(
      {
        PATH: process.env.PATH,
        ...START_ENV,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        PACKAGE_LOG: log,
      },
      ["--import", HOOK],
    );
    servers.push(server);
    server.start();
    await server.waitFor("the server to listen", async () => server.baseUrl !== undefined, 120_000, 100);
    const answer = await fetch(`${server.baseUrl}/api/index/productlist?product_type=1`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { code: number }).code).toBe(1);
    // What runs right after the first answers (the price feed's history, the workers' first passes).
    await new Promise((r) => setTimeout(r, 2_000));
    expect(server.exited).toBe(false);

    const resolved = new Set((await readFile(log, "utf8")).split("\n").filter(Boolean));
    // The hook saw the libraries every start loads.
    expect(resolved).toContain("@electric-sql/pglite");
    expect([...resolved].filter((name) => DEFERRED.some((d) => d.test(name))).sort()).toEqual([]);
  }, 180_000);
});
