// The server as `npm start` runs it (issue 23): how long a cold start on a new data folder and a warm start on the
// same folder take to answer their first request, the resident memory right after start, once the generated history
// is written (idle), and the plateau under random chart reads, on PGlite and on PostgreSQL. Each server is the built
// bundle (apps/server/dist/main.js, rebuilt here) in its own process; the baseline of the start times is a bare
// Fastify server started the same way in the same run, and PostgreSQL is the baseline of PGlite's memory.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { START_ENV, START_NODE_ARGS } from "../../scripts/start-env.mjs";
import { CHART_READERS, chartReads, emit, freshDatabase, localGet, median, progress, rssMb } from "../lib.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 3);
const READ_SECONDS = Number(process.env.BENCH_SERVER_READ_SECONDS ?? 30);
/** The generated history is written in the background; idle is measured once it is complete (or after this). */
const HISTORY_WAIT_MS = Number(process.env.BENCH_SERVER_HISTORY_WAIT_S ?? 240) * 1000;

const children = new Set();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const BARE = `
import Fastify from "fastify";
const app = Fastify();
app.get("/api/index/productlist", async () => ({ code: 1, msg: "ok", data: { items: [] } }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

/**
 * Starts a server on `port` and answers when its first product list call succeeds: `{child, firstAnswerMs}`, the
 * time from spawn. The product list reads the database, so an answer means the server really serves.
 */
async function start({ env, port, bare = false }) {
  // Something left on the port (a server of an earlier run that was killed) would answer for this one.
  if ((await localGet(port, "/api/index/productlist?product_type=1")).status !== 0) {
    throw new Error(`port ${port} already answers: stop what listens there (BENCH_SERVER_PORT picks another)`);
  }
  const started = performance.now();
  const args = bare
    ? ["--input-type=module", "-e", BARE]
    : [...START_NODE_ARGS, path.join(ROOT, "apps/server/dist/main.js")];
  const child = spawn(process.execPath, args, {
    cwd: bare ? path.join(ROOT, "bench") : ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      LOG_LEVEL: "info",
      // The readers stand for many people: one address's API limit would refuse nearly all of their reads (it did:
      // 75,358 of 76,558), and the plateau would measure refusals.
      PER_IP_LIMITS: "off",
      RATE_LIMIT_PER_MINUTE: "10000000",
      // What `npm start` sets (the allocator's settings, decision 084); not for the bare server.
      ...(bare ? {} : START_ENV),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const server = { child, log: "", exited: false, historyDoneAt: null };
  const onData = (chunk) => {
    server.log += chunk.toString();
    if (server.historyDoneAt === null && server.log.includes("the generated price history is complete")) {
      server.historyDoneAt = performance.now();
    }
    if (server.log.length > 200_000) server.log = server.log.slice(-100_000);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  child.on("exit", () => {
    server.exited = true;
  });
  for (;;) {
    if (server.exited) throw new Error(`server exited:\n${server.log.slice(-3000)}`);
    const answer = await localGet(port, "/api/index/productlist?product_type=1");
    if (answer.status === 200 && answer.body.includes('"code":1')) break;
    await sleep(25);
  }
  server.firstAnswerMs = Math.round(performance.now() - started);
  return server;
}

function stop(server) {
  return new Promise((resolve) => {
    if (server.exited) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

/** Resident memory sampled every 250 ms for `ms`: the median of the samples. */
async function rssOver(pid, ms) {
  const samples = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    samples.push(rssMb(pid));
    await sleep(250);
  }
  return median(samples);
}

async function waitForHistory(server) {
  const until = performance.now() + HISTORY_WAIT_MS;
  while (server.historyDoneAt === null && performance.now() < until && !server.exited) await sleep(250);
  return server.historyDoneAt !== null;
}

/** One engine: RUNS cold starts on new data, each followed by idle and read measurements, then RUNS warm starts. */
async function measure(engine, port, newData) {
  const cold = [];
  const warm = [];
  const afterStart = [];
  const idle = [];
  const plateau = [];
  let keep;
  for (let run = 0; run < RUNS; run++) {
    const data = await newData();
    const server = await start({ env: data.env, port });
    cold.push(server.firstAnswerMs);
    afterStart.push(await rssOver(server.child.pid, 3000));
    const complete = await waitForHistory(server);
    idle.push(await rssOver(server.child.pid, 5000));
    const reads = await chartReads(port, server.child.pid, READ_SECONDS);
    plateau.push(reads.plateau);
    progress(
      `${engine} run ${run + 1}: cold ${server.firstAnswerMs} ms, rss after start ${afterStart.at(-1)} MB, idle ${idle.at(-1)} MB` +
        `${complete ? "" : " (history not complete)"}, plateau ${reads.plateau} MB over ${reads.requests} chart reads (${reads.failures} failed)`,
    );
    await stop(server);
    if (run === RUNS - 1) keep = data;
    else await data.drop();
  }
  for (let run = 0; run < RUNS; run++) {
    const server = await start({ env: keep.env, port });
    warm.push(server.firstAnswerMs);
    progress(`${engine} warm start ${run + 1}: ${server.firstAnswerMs} ms`);
    await stop(server);
  }
  await keep.drop();
  return {
    cold: median(cold),
    warm: median(warm),
    afterStart: median(afterStart),
    idle: median(idle),
    plateau: median(plateau),
  };
}

const port = Number(process.env.BENCH_SERVER_PORT ?? 4810);

progress("building the server bundle");
const built = spawnSync("npm", ["run", "build", "-w", "@cryptos/server"], { cwd: ROOT, stdio: "ignore" });
if (built.status !== 0) throw new Error("the server bundle did not build");

const bareStarts = [];
for (let run = 0; run < RUNS; run++) {
  const server = await start({ env: {}, port, bare: true });
  bareStarts.push(server.firstAnswerMs);
  await stop(server);
}
const bare = median(bareStarts);
progress(`bare Fastify start: ${bare} ms`);

const pglite = await measure("PGlite", port, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cryptos-bench-data-"));
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
});
const postgres = await measure("PostgreSQL", port, async () => {
  const db = await freshDatabase("server");
  return {
    env: { DATABASE_URL: db.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "cryptos-bench-up-")) },
    drop: db.drop,
  };
});

const startNote = `median of ${RUNS}; from spawn to the first product list answer`;
/** A start time beside the bare Fastify start measured the same way. */
const emitStart = (name, value, target) =>
  emit({
    name,
    value,
    unit: "ms",
    baseline: bare,
    baselineName: "bare Fastify start",
    target,
    higherIsBetter: false,
    note: startNote,
  });
emitStart("cold start, PGlite, new data folder", pglite.cold, 10_000);
emitStart("warm start, PGlite", pglite.warm, 3_000);
emitStart("cold start, PostgreSQL, new database", postgres.cold, 10_000);
emitStart("warm start, PostgreSQL", postgres.warm, 3_000);
const memNote = `median of ${RUNS} runs; the server process's RSS`;
emit({
  name: "RSS right after start, PGlite",
  value: pglite.afterStart,
  unit: "MB",
  baseline: postgres.afterStart,
  baselineName: "the same on PostgreSQL",
  target: 300,
  higherIsBetter: false,
  note: `${memNote}, the 3 s after the first answer`,
});
emit({
  name: "RSS idle, PGlite",
  value: pglite.idle,
  unit: "MB",
  baseline: postgres.idle,
  baselineName: "the same on PostgreSQL",
  target: 300,
  higherIsBetter: false,
  note: `${memNote}, once the generated history is written`,
});
emit({
  name: "RSS plateau under chart reads, PGlite",
  value: pglite.plateau,
  unit: "MB",
  baseline: postgres.plateau,
  baselineName: "the same on PostgreSQL",
  target: 500,
  higherIsBetter: false,
  note: `${memNote}, the highest sample while ${CHART_READERS} clients read random charts for ${READ_SECONDS} s`,
});
