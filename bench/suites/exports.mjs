// (f) Statements cannot starve everyone (issue 38): another user's userinfo p50/p99 while ten statements of
// BENCH_EXPORT_BILLS (20,658) bills stream out at once, beside its p50/p99 at rest on the same server in the same
// run. PGlite in a new data folder, as `npm start` runs it (exports-server.mjs, a child process); the exporters read
// as fast as they can, here; the userinfo calls go one after another, 20 ms apart. Two rounds: ten users with a
// statement each (what the pool must share out), then ten statements of one user at once (the attack).
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { emit, percentile, progress, SECONDS } from "../lib.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONCURRENT = 10;

const children = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer() {
  const script = fileURLToPath(new URL("./exports-server.mjs", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", BENCH_EXPORT_USERS: String(CONCURRENT) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      out += chunk.toString();
      const port = /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      const users = /BENCH_USERS (.*)\n/.exec(out)?.[1];
      if (port && users) resolve({ child, port: Number(port), users: JSON.parse(users) });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${out.slice(-2000)}`)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function userinfo(port, token) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/index/userinfo",
        method: "POST",
        agent: probeAgent,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => (body.includes('"code":1') ? resolve() : reject(new Error(`userinfo: ${body}`))));
      },
    );
    req.on("error", reject);
    req.end("{}");
  });
}

/** userinfo one call after another, 20 ms apart, until `stop()` is true: each one's latency in ms. */
async function probe(port, token, stop) {
  const latencies = [];
  while (!stop()) {
    const started = performance.now();
    await userinfo(port, token);
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  return latencies;
}

/** One statement read as fast as it comes: `{ok, bytes, ms, msg}` (msg: a refusal's). */
function exportBills(port, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/user/export/bills.csv",
        agent: false,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        let bytes = 0;
        let head = "";
        res.on("data", (c) => {
          bytes += c.length;
          if (head.length < 300) head += c;
        });
        res.on("end", () => {
          const ok = String(res.headers["content-type"]).startsWith("text/csv");
          resolve({ ok, bytes, ms: performance.now() - started, msg: ok ? undefined : head });
        });
      },
    );
    req.on("error", reject);
  });
}

/** Ten statements at once (by `tokens`) while the prober calls userinfo: the latencies and what the exports got. */
async function round(port, tokens, prober) {
  let done = false;
  const probing = probe(port, prober, () => done);
  const started = performance.now();
  const exports = await Promise.all(tokens.map((token) => exportBills(port, token)));
  const ms = performance.now() - started;
  done = true;
  return { latencies: await probing, exports, ms };
}

const ms = (x) => Math.round(x);
progress(`exports: writing ${CONCURRENT} users' bills`);
const { port, users } = await startServer();
progress("exports: userinfo at rest");
const restUntil = performance.now() + Math.max(SECONDS, 5) * 1000;
const rest = await probe(port, users.prober, () => performance.now() > restUntil);
const [restP50, restP99] = [percentile(rest, 50), percentile(rest, 99)];
progress(`exports: at rest p50 ${restP50.toFixed(1)} ms, p99 ${restP99.toFixed(1)} ms over ${rest.length} calls`);

for (const [name, tokens] of [
  [`${CONCURRENT} users, a statement each`, users.exporters],
  [`one user, ${CONCURRENT} statements at once`, users.exporters.slice(0, 1).flatMap((t) => Array(CONCURRENT).fill(t))],
]) {
  progress(`exports: ${name}`);
  const { latencies, exports, ms: total } = await round(port, tokens, users.prober);
  const served = exports.filter((e) => e.ok);
  const refused = exports.filter((e) => !e.ok);
  const note =
    `${latencies.length} userinfo calls over ${ms(total)} ms; ${served.length} statements of ` +
    `${Math.round(Math.max(0, ...served.map((e) => e.bytes)) / 1024)} KB in ${ms(Math.min(...served.map((e) => e.ms)))}-${ms(Math.max(...served.map((e) => e.ms)))} ms` +
    (refused.length ? `; ${refused.length} refused (${JSON.stringify(refused[0].msg)})` : "");
  progress(
    `exports: ${name}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${note}`,
  );
  for (const p of [50, 99]) {
    emit({
      name: `exports: another user's userinfo p${p} during ${name} (PGlite)`,
      value: ms(percentile(latencies, p)),
      unit: "ms",
      baseline: ms(p === 50 ? restP50 : restP99),
      baselineName: "the same call at rest, same server",
      note,
      higherIsBetter: false,
    });
  }
}
children[0].kill("SIGTERM");
