// Two or more server bundles (or one with different node flags), started alternately on PGlite as `npm start` starts
// them: a cold start on a new data folder, its RSS 3 s later and after IDLE_S more, then a warm start on the same
// folder. Prints each round and the medians: wall ms to the first product list answer, and the server process's CPU
// ms (user + sys, every thread) by then, which a busy machine inflates far less than the wall time.
//   node tools/server-start-ab.mjs before=../apps/server/dist-before/main.js after=../apps/server/dist/main.js
//   ARGS_plain=" " ARGS_lazy="--wasm-lazy-compilation" node tools/server-start-ab.mjs plain=<main.js> lazy=<main.js>
// Each starts with `npm start`'s node flags unless ARGS_<name> gives others (a space: none).
// A bundle copied elsewhere (the whole folder: main.js imports the chunks beside it) must stay two levels under the
// repository (apps/server/<dir>/main.js): it finds its libraries, migrations, cluster template and the web build from
// there. ROUNDS (5), IDLE_S (8); READS_S (0): seconds
// of random chart reads by 4 clients after the idle sample, for their count, the server's CPU µs per read and the RSS
// plateau under them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { START_ENV, START_NODE_ARGS } from "../../scripts/start-env.mjs";
import { chartReads, localGet, median, rssMb } from "../lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const IDLE_S = Number(process.env.IDLE_S ?? 8);
const READS_S = Number(process.env.READS_S ?? 0);
const bundles = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf("=");
  return { name: arg.slice(0, at), main: path.resolve(arg.slice(at + 1)) };
});
if (bundles.length === 0) throw new Error("usage: server-start-ab.mjs name=path/to/main.js ...");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ms the process has used, all threads (/proc/<pid>/stat utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function start({ name, main }, dataDir, port) {
  const started = performance.now();
  const flags = process.env[`ARGS_${name}`];
  const args = flags === undefined ? START_NODE_ARGS : flags.split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...args, main], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The chart readers are one address.
      PER_IP_LIMITS: "off",
      RATE_LIMIT_PER_MINUTE: "10000000",
      ...START_ENV,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${name} exited before it answered`);
    const answer = await localGet(port, "/api/index/productlist?product_type=1");
    if (answer.status === 200 && answer.body.includes('"code":1')) break;
    await sleep(20);
  }
  return { child, ms: Math.round(performance.now() - started), cpu: cpuMs(child.pid) };
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

const figures = [
  "cold",
  "coldCpu",
  "rss3s",
  "rssIdle",
  ...(READS_S > 0 ? ["reads", "readCpuUs", "rssReads"] : []),
  "warm",
  "warmCpu",
];
const results = new Map(bundles.map((b) => [b.name, Object.fromEntries(figures.map((f) => [f, []]))]));
let port = 4900;
for (let round = 1; round <= ROUNDS; round++) {
  for (const bundle of bundles) {
    const r = results.get(bundle.name);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "cryptos-start-ab-"));
    try {
      const cold = await start(bundle, dataDir, ++port);
      r.cold.push(cold.ms);
      r.coldCpu.push(cold.cpu);
      await sleep(3000);
      r.rss3s.push(rssMb(cold.child.pid));
      await sleep(IDLE_S * 1000);
      r.rssIdle.push(rssMb(cold.child.pid));
      if (READS_S > 0) {
        const cpuBefore = cpuMs(cold.child.pid);
        const reads = await chartReads(port, cold.child.pid, READS_S);
        r.readCpuUs.push(Math.round(((cpuMs(cold.child.pid) - cpuBefore) * 1000) / reads.requests));
        if (reads.failures > 0) console.log(`${bundle.name}: ${reads.failures} chart reads failed`);
        r.reads.push(reads.requests);
        r.rssReads.push(reads.plateau);
      }
      await stop(cold.child);
      const warm = await start(bundle, dataDir, ++port);
      r.warm.push(warm.ms);
      r.warmCpu.push(warm.cpu);
      await stop(warm.child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(`round ${round} ${bundle.name}: ${figures.map((f) => `${f} ${r[f].at(-1)}`).join(", ")}`);
  }
}
for (const [name, r] of results) {
  console.log(`${name} medians of ${ROUNDS}: ${figures.map((f) => `${f} ${median(r[f])}`).join(", ")}`);
}
