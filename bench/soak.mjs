// `npm run soak`: a real server process (from source, as `npm start` runs it) on a fresh PostgreSQL database, and
// ~20 signed-up users sending mixed traffic at a steady rate for SOAK_SECONDS (default 600). Prints, per call, the
// count, HTTP errors, code-0 refusals that valid requests should never get, p50/p99 latency; and the server's
// resident memory after warm-up and at the end. Exits 1 when any request failed.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";
import { createServices } from "../apps/server/src/modules/services.ts";
import { freshDatabase, percentile, progress, rssMb } from "./lib.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RPS ?? 50); // requests per second, all users together
const USERS = Number(process.env.SOAK_USERS ?? 20);

const fresh = await freshDatabase("soak");
const dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-soak-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATABASE_URL: fresh.url,
    PORT: "0",
    HOST: "127.0.0.1",
    PRICE_SOURCE: "simulated",
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, "no-web-build"),
    LOG_LEVEL: "warn",
    // One client address sends everything: the per-IP limits would measure themselves, not the server.
    PER_IP_LIMITS: "off",
    RATE_LIMIT_PER_MINUTE: String(1_000_000),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let serverLog = "";
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${serverLog}`)), 120_000);
    const keep = (chunk) => {
      serverLog = (serverLog + chunk.toString()).slice(-8_000);
      const at = /running at (http:\/\/[^/\s]+)/.exec(serverLog)?.[1];
      if (at) {
        clearTimeout(timer);
        resolve(at);
      }
    };
    server.stdout.on("data", keep);
    server.stderr.on("data", keep);
    server.once("exit", (code, signal) => reject(new Error(`the server exited (${code ?? signal}):\n${serverLog}`)));
  });
  progress(`server ${server.pid} at ${base}; signing up ${USERS} users`);

  const request = async (method, url, { body, token } = {}) => {
    const started = performance.now();
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, ms };
  };

  // Users: the real code + register calls (mail stays in the outbox without SMTP_URL), funded through the ledger.
  const outbox = new pg.Client({ connectionString: fresh.url });
  outbox.on("error", () => {}); // the database is dropped with FORCE at the end
  await outbox.connect();
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  const { ledger } = createServices(database, systemClock);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `soak-${randomUUID()}@example.com`;
    const sent = await request("POST", "/api/ems/send", { body: { email, event: "register" } });
    if (sent.json?.code !== 1) throw new Error(`code request refused: ${JSON.stringify(sent.json)}`);
    const mail = await outbox.query('select text from email_outbox where "to" = $1 order by id desc limit 1', [email]);
    const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text ?? "")?.[1];
    const reg = await request("POST", "/api/user/register", { body: { email, code, password: "soak-password-1" } });
    if (reg.json?.code !== 1) throw new Error(`register refused: ${JSON.stringify(reg.json)}`);
    const { token, id } = reg.json.data.userinfo;
    await ledger.transaction((tx) =>
      ledger.post(tx, {
        type: "deposit",
        idempotencyKey: `soak-fund:${randomUUID()}`,
        postings: [
          { account: { userId: id, currency: "USDT", kind: "available" }, amount: "1000000" },
          { account: { system: "deposit_clearing", currency: "USDT" }, amount: "-1000000" },
        ],
      }),
    );
    users.push(token);
  }
  await outbox.end();
  await database.close();

  const list = await request("GET", "/api/index/productlist?product_type=1");
  const pairIds = list.json.data.items.map((p) => p.id);
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

  /** The mix: weight, and a request per call. */
  const CALLS = [
    { name: "productlist", weight: 20, send: () => request("GET", "/api/index/productlist?product_type=1") },
    {
      name: "productshow",
      weight: 15,
      send: () => request("GET", `/api/index/productshow?product_id=${pick(pairIds)}`),
    },
    {
      name: "getkdata",
      weight: 15,
      send: () =>
        request("GET", `/api/index/getkdata?productid=${pick(pairIds)}&intval=${pick(["1m", "5m"])}&limit=100`),
    },
    { name: "userinfo", weight: 10, send: () => request("POST", "/api/index/userinfo", { token: pick(users) }) },
    {
      name: "getmoneylog",
      weight: 10,
      send: () => request("POST", "/api/index/getmoneylog?page=1&list=20", { token: pick(users) }),
    },
    {
      name: "domiao",
      weight: 10,
      send: () =>
        request("POST", "/api/index/domiao", {
          token: pick(users),
          body: { productid: pick(pairIds), direction: pick(["up", "down"]), amount: "10", seconds: 30 },
        }),
    },
    {
      name: "miaolist",
      weight: 10,
      send: () => request("POST", "/api/index/miaolist?page=1&list=20", { token: pick(users) }),
    },
    { name: "newslist", weight: 10, send: () => request("POST", "/api/index/newslist?page=1&list=10") },
  ];
  const totalWeight = CALLS.reduce((n, c) => n + c.weight, 0);
  const choose = () => {
    let r = Math.random() * totalWeight;
    for (const c of CALLS) {
      r -= c.weight;
      if (r < 0) return c;
    }
    return CALLS.at(-1);
  };
  const stats = new Map(CALLS.map((c) => [c.name, { n: 0, http: 0, refused: 0, failed: 0, ms: [], samples: [] }]));

  // Warm-up, then the first memory reading.
  for (const c of CALLS) for (let i = 0; i < 5; i++) await c.send();
  const rssStart = rssMb(server.pid);
  progress(`warm; server RSS ${rssStart} MB; ${RATE} req/s for ${SECONDS} s`);

  // A steady rate: one request every 1000/RATE ms, whatever the answers' latency (requests overlap).
  const inFlight = new Set();
  const started = Date.now();
  let sent = 0;
  let lastReport = started;
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (sent < due) {
      sent++;
      const call = choose();
      const s = stats.get(call.name);
      const p = call
        .send()
        .then((res) => {
          s.n++;
          s.ms.push(res.ms);
          if (res.status >= 300) {
            s.http++;
            if (s.samples.length < 3) s.samples.push(`HTTP ${res.status} ${JSON.stringify(res.json)?.slice(0, 160)}`);
          } else if (res.json?.code !== 1) {
            s.refused++;
            if (s.samples.length < 3) s.samples.push(`code ${res.json?.code}: ${res.json?.msg}`);
          }
        })
        .catch((error) => {
          s.n++;
          s.failed++;
          if (s.samples.length < 3) s.samples.push(`${error} (${error.cause?.code ?? error.cause ?? "no cause"})`);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    if (Date.now() - lastReport >= 60_000) {
      lastReport = Date.now();
      progress(`${Math.round((lastReport - started) / 1000)} s: ${sent} sent, server RSS ${rssMb(server.pid)} MB`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inFlight);
  const elapsed = (Date.now() - started) / 1000;
  const rssEnd = rssMb(server.pid);

  const fmt = (x) => (x === null ? "-" : x.toFixed(1));
  console.log(
    `\nsoak: ${sent} requests in ${elapsed.toFixed(0)} s (${(sent / elapsed).toFixed(1)} req/s), ${USERS} users`,
  );
  console.log("call          count  http-err  code-0  failed   p50 ms   p99 ms");
  let bad = 0;
  for (const [name, s] of stats) {
    bad += s.http + s.refused + s.failed;
    console.log(
      `${name.padEnd(12)} ${String(s.n).padStart(6)} ${String(s.http).padStart(9)} ${String(s.refused).padStart(7)} ${String(s.failed).padStart(7)} ${fmt(percentile(s.ms, 50)).padStart(8)} ${fmt(percentile(s.ms, 99)).padStart(8)}`,
    );
    for (const sample of s.samples) console.log(`    e.g. ${sample}`);
  }
  const growth = rssStart && rssEnd ? (((rssEnd - rssStart) / rssStart) * 100).toFixed(1) : "-";
  console.log(`server RSS: ${rssStart} MB after warm-up, ${rssEnd} MB at the end (${growth} %)`);
  console.log(bad === 0 ? "no errors" : `${bad} requests failed`);
  process.exitCode = bad === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
