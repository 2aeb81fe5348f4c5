// (d) WebSocket fan-out: 2,000 clients each following 20 pairs that tick once a second, served by the real server
// (a child process from source, as main.ts starts it but without the per-IP limit: fanout-server.mjs); beside a
// bare `ws` server that sends the same frames (one `ticks` frame a second holding every pair) at the same rate to
// the same clients. The clients run in worker threads (fanout-clients.mjs). Drops count ticks recorded in the
// window that a client did not get; delay is receipt time minus the tick's recorded time. Also the server's
// memory, idle and under load.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { emit, freshDatabase, percentile, progress, rssMb } from "../lib.mjs";
import { seedBenchPairs } from "../seed-pairs.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const PAIRS = 20;
const WINDOW_MS = Number(process.env.BENCH_WS_WINDOW_MS ?? 10_000);
const CLIENT_THREADS = Number(process.env.BENCH_WS_CLIENT_THREADS ?? 2);

const children = [];
// A suite that fails must not leave its servers running.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts a child and resolves with it and the port it prints. */
function startChild(args, env, portPattern) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString();
      const port = portPattern.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => {
      out += c.toString();
    });
    child.on("exit", (code) => reject(new Error(`child exited (${code}):\n${out.slice(-2000)}`)));
  });
}

/** Connects the clients (spread over CLIENT_THREADS worker threads), subscribes each to every pair, measures one
 * window, closes them. */
async function measure(url, pairIds, pid) {
  const script = new URL("./fanout-clients.mjs", import.meta.url);
  const workers = Array.from({ length: CLIENT_THREADS }, (_, i) => {
    const count = Math.floor(CLIENTS / CLIENT_THREADS) + (i < CLIENTS % CLIENT_THREADS ? 1 : 0);
    return new Worker(script, { workerData: { url, pairIds, count } });
  });
  const ask = (worker, msg) =>
    new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.postMessage(msg);
    });
  for (const worker of workers) await ask(worker, { cmd: "connect" });
  const rssIdle = rssMb(pid);
  const window = [Date.now() + 500, Date.now() + 500 + WINDOW_MS];
  for (const worker of workers) worker.postMessage({ cmd: "window", start: window[0], end: window[1] });
  await new Promise((r) => setTimeout(r, 500 + WINDOW_MS / 2));
  const rssLoad = rssMb(pid);
  await new Promise((r) => setTimeout(r, WINDOW_MS / 2 + 2_000)); // the window, and time for late deliveries
  const parts = await Promise.all(workers.map((worker) => ask(worker, { cmd: "finish" })));
  await Promise.all(workers.map((worker) => worker.terminate()));
  return {
    received: parts.flatMap((p) => p.received),
    delays: parts.flatMap((p) => p.delays),
    seen: new Set(parts.flatMap((p) => p.seen)),
    closedDuring: parts.reduce((n, p) => n + p.closedDuring, 0),
    window,
    rssIdle,
    rssLoad,
  };
}

const summarise = (m, expectedPerClient) => {
  let dropped = 0;
  for (const received of m.received) dropped += Math.max(0, expectedPerClient - received);
  return {
    delivered: m.delays.length,
    expected: expectedPerClient * m.received.length,
    dropped,
    p50: percentile(m.delays, 50),
    p99: percentile(m.delays, 99),
  };
};

// ---- the server, with 20 pairs ticking --------------------------------------------------------------------------
const fresh = await freshDatabase("fanout");
const allPairs = await seedBenchPairs(fresh.url, PAIRS);
const pairIds = allPairs.slice(0, PAIRS);

const dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-bench-"));
progress("fan-out: starting the server");
const server = await startChild(
  ["--import", "tsx", "bench/suites/fanout-server.mjs"],
  {
    ...process.env,
    DATABASE_URL: fresh.url,
    PORT: "0",
    HOST: "127.0.0.1",
    PRICE_SOURCE: "simulated",
    // Steady state: a new simulated market first writes 90 days of history in the background for several
    // minutes (decision 028), a one-off that is not the fan-out this suite measures.
    SIMULATED_HISTORY_DAYS: "0",
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, "none"),
    LOG_LEVEL: "warn",
    OPERATOR_EMAIL: "ops@bench.local",
    OPERATOR_PASSWORD: "bench-operator-password",
  },
  /running at http:\/\/[^:]+:(\d+)\//,
);
await new Promise((r) => setTimeout(r, 3_000)); // the feed takes its lease and starts ticking
const rssStart = rssMb(server.child.pid);
progress(`fan-out: ${CLIENTS} clients on the server`);
const ours = await measure(`ws://127.0.0.1:${server.port}/ws`, pairIds, server.child.pid);
const check = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
const recorded = (
  await check.db.execute(
    sql`select count(*)::int as n from ticks where pair_id in ${pairIds} and at >= ${new Date(ours.window[0]).toISOString()}::timestamptz and at <= ${new Date(ours.window[1]).toISOString()}::timestamptz`,
  )
).rows[0].n;
await check.close();
server.child.kill("SIGTERM");
await new Promise((r) => server.child.once("exit", r));
await fresh.drop();
rmSync(dataDir, { recursive: true, force: true });

// ---- the baseline: a bare ws server, same message shape and rate -------------------------------------------------
const bareScript = `
import { WebSocketServer } from "ws";
const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", path: "/ws" });
const subs = new Set();
wss.on("connection", (ws) => ws.on("message", (d) => {
  const m = JSON.parse(d.toString());
  if (m.op === "subscribe") { subs.add(ws); ws.send(JSON.stringify({ type: "subscribed", pairs: m.pairs })); }
}));
wss.on("listening", () => console.log("listening on " + wss.address().port));
setInterval(() => {
  const at = new Date().toISOString();
  const ticks = [];
  for (let p = 1; p <= ${PAIRS}; p++) ticks.push({ pair: p, price: String(100 + p), at });
  const text = JSON.stringify({ type: "ticks", ticks });
  for (const ws of subs) if (ws.readyState === 1) ws.send(text);
}, 1000);`;
progress(`fan-out: ${CLIENTS} clients on a bare ws server`);
const bare = await startChild(
  ["--input-type=module", "-e", bareScript],
  { ...process.env, NODE_PATH: path.join(ROOT, "node_modules") },
  /listening on (\d+)/,
);
const bareRun = await measure(
  `ws://127.0.0.1:${bare.port}/ws`,
  Array.from({ length: PAIRS }, (_, i) => i + 1),
  bare.child.pid,
);
bare.child.kill("SIGTERM");
// The bare server sends every pair each second: what any client saw in the window is what was sent.
const bareSent = bareRun.seen;

const o = summarise(ours, recorded);
const b = summarise(bareRun, bareSent.size);
emit({
  name: `websocket: ${CLIENTS} clients x ${PAIRS} pairs, dropped ticks`,
  value: o.dropped,
  unit: "ticks",
  baseline: b.dropped,
  baselineName: "bare ws server",
  target: 0,
  check: "value",
  higherIsBetter: false,
  note: `delivered ${o.delivered} of ${o.expected} (bare ${b.delivered} of ${b.expected}); ${ours.closedDuring} sockets closed; the feed recorded ${recorded} ticks in the ${WINDOW_MS / 1000} s window (nominal ${(PAIRS * WINDOW_MS) / 1000})`,
});
emit({
  name: "websocket: p99 delivery delay",
  value: o.p99,
  unit: "ms",
  baseline: b.p99,
  baselineName: "bare ws server",
  target: 100,
  check: "value",
  higherIsBetter: false,
  note: `p50 ${o.p50} ms (bare ${b.p50} ms); delay counts from the tick's recorded time, so it includes the DB write`,
});
emit({
  name: "memory: server RSS idle / under fan-out load",
  value: ours.rssLoad,
  unit: "MB",
  baseline: rssStart,
  baselineName: "same server, idle before clients",
  note: `with ${CLIENTS} idle clients connected: ${ours.rssIdle} MB; ${pairIds.length} pairs subscribed`,
});
