// (e) A request cannot stall the server (issue 20): the health check's p99 while clients send hostile bodies in a
// loop, beside its p99 at rest on the same server in the same run. The attack is a 1 MB body of 500,000
// nested arrays sent to a call that takes no body (userinfo); the second is 60 KB of nested arrays inside the
// body of a call that takes one (ems/send), under its 64 KB limit. The server is a child process
// (body-server.mjs); the attackers run in a worker thread, the health checks here, one after another.
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { emit, freshDatabase, percentile, progress, SECONDS } from "../lib.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ATTACKERS = Number(process.env.BENCH_BODY_ATTACKERS ?? 5);

const children = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer(env) {
  const script = fileURLToPath(new URL("./body-server.mjs", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString();
      const port = /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${out.slice(-2000)}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (port, path) =>
  new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
  });

/** Health checks one after another for SECONDS: each one's latency in ms. */
async function healthLatencies(port) {
  const latencies = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const status = await get(port, "/api/health");
    if (status !== 200) throw new Error(`health answered ${status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** The attackers: each sends `body` to `path` in a loop, a new connection each time, until told to stop. */
const ATTACK = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { port, path, depth, prefix, suffix, clients } = workerData;
const body = Buffer.from(prefix + "[".repeat(depth) + "]".repeat(depth) + suffix);
let stop = false;
const statuses = {};
parentPort.on("message", () => { stop = true; });
const once = () => new Promise((resolve) => {
  const req = http.request({ host: "127.0.0.1", port, path, method: "POST", agent: false,
    headers: { "content-type": "application/json", "content-length": body.length } }, (res) => {
    res.resume();
    res.on("end", () => { statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1; resolve(); });
  });
  // The server may answer and close before the whole body is written: that is a refusal too.
  req.on("error", (e) => { statuses[e.code] = (statuses[e.code] ?? 0) + 1; resolve(); });
  req.end(body);
});
Promise.all(Array.from({ length: clients }, async () => { while (!stop) await once(); }))
  .then(() => parentPort.postMessage({ statuses, bytes: body.length }));
`;

async function underAttack(port, attack) {
  const worker = new Worker(ATTACK, { eval: true, workerData: { port, clients: ATTACKERS, ...attack } });
  const done = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await new Promise((r) => setTimeout(r, 500)); // the attack under way
  const latencies = await healthLatencies(port);
  worker.postMessage("stop");
  const { statuses, bytes } = await done;
  await worker.terminate();
  return { latencies, statuses, bytes };
}

const fresh = await freshDatabase("body");
const { child, port } = await startServer({
  ...process.env,
  DATABASE_URL: fresh.url,
  LOG_LEVEL: "silent",
  PER_IP_LIMITS: "off",
});
for (let i = 0; i < 200; i++) await get(port, "/api/health"); // warm up

const attacks = [
  {
    name: "api: health p99, nested-array bodies to a call without a body",
    attack: { path: "/api/index/userinfo", depth: 500_000, prefix: "", suffix: "" },
    what: "1 MB of 500,000 nested arrays to POST /api/index/userinfo (the issue's attack)",
  },
  {
    name: "api: health p99, nested arrays inside a call's body",
    attack: {
      path: "/api/ems/send",
      depth: 30_000,
      prefix: '{"email":"bench@example.com","event":"register","x":',
      suffix: "}",
    },
    what: "60 KB of 30,000 nested arrays in a field of POST /api/ems/send's body",
  },
];

for (const { name, attack, what } of attacks) {
  progress(`health at rest, ${SECONDS}s`);
  const rest = await healthLatencies(port);
  progress(`health while ${ATTACKERS} clients send ${what}, ${SECONDS}s`);
  const attacked = await underAttack(port, attack);
  const p99Rest = percentile(rest, 99);
  const p99Attack = percentile(attacked.latencies, 99);
  emit({
    name,
    value: Number(p99Attack.toFixed(2)),
    unit: "ms",
    baseline: Number(p99Rest.toFixed(2)),
    baselineName: "health p99 at rest, same server, just before",
    target: 5,
    check: "ratio",
    higherIsBetter: false,
    note:
      `${ATTACKERS} clients looping ${what}; ${attacked.latencies.length} health checks under attack, ` +
      `${rest.length} at rest; max ${Math.max(...attacked.latencies).toFixed(1)} ms under attack; ` +
      `attack answers ${JSON.stringify(attacked.statuses)}`,
  });
}

agent.destroy();
child.kill("SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));
await fresh.drop();
