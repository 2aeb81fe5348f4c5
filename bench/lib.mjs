// Shared by the benchmark suites: a fresh PostgreSQL database per suite, the server's own modules (through tsx),
// and one line per figure that run.mjs collects.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Seconds each load phase runs; the defaults keep `npm run bench` well under ten minutes. */
/** Debian's Chromium and the flags every bench browser is launched with (the project's rule for browsers). */
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
export const CHROME_FLAGS = CHROMIUM_FLAGS;

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export async function freshDatabase(prefix) {
  const name = `cryptos_bench_${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * One figure: `value` beside `baseline` from the same run, and the target. `higherIsBetter` tells which
 * way the target points; `check` is "ratio" (value / baseline against target) or "value" (value against target).
 */
export function emit(figure) {
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(figure)}\n`);
}

export const progress = (msg) => process.stderr.write(`  · ${msg}\n`);

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
export function rssMb(pid = process.pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const percentile = (xs, p) => {
  if (xs.length === 0) return null;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** GET http://127.0.0.1:<port><pathname> on a new connection: `{status, body}`, status 0 when nothing answers. */
export function localGet(port, pathname) {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: pathname, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
    req.setTimeout(30_000, () => req.destroy());
  });
}

const CHART_INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"];
const DAY_MS = 86_400_000;
/** How many clients `chartReads` runs at once. */
export const CHART_READERS = 4;

/**
 * CHART_READERS clients asking a server on `port` for random charts (pair, interval, a page anywhere in 90 days) for
 * `seconds`, while the RSS of `pid` is sampled every 250 ms: `{plateau, requests, failures}`, the plateau being the
 * highest sample. The server must not limit one address (PER_IP_LIMITS=off), or this measures refusals.
 */
export async function chartReads(port, pid, seconds) {
  const samples = [];
  let requests = 0;
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const reader = async () => {
    while (performance.now() < until) {
      const pair = 1 + Math.floor(Math.random() * 12);
      const intval = CHART_INTERVALS[Math.floor(Math.random() * CHART_INTERVALS.length)];
      const end = Date.now() - Math.floor(Math.random() * 90 * DAY_MS);
      const type = Math.random() < 0.5 ? "candle" : "line";
      const answer = await localGet(
        port,
        `/api/index/getkdata?type=${type}&productid=${pair}&intval=${intval}&end=${end}`,
      );
      requests += 1;
      if (answer.status !== 200 || !answer.body.includes('"code":1')) failures += 1;
    }
  };
  const sampler = (async () => {
    while (performance.now() < until) {
      samples.push(rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.all([...Array.from({ length: CHART_READERS }, reader), sampler]);
  return { plateau: Math.max(...samples), requests, failures };
}
