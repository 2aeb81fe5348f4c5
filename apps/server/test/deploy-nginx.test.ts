import { execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls, WS_PATH } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { crashServerEnv, createCrashDatabase, ROOT, ServerProcess, whyCrashTestSkips } from "./crash-fixtures";
import { testDbKind } from "./helper";
import { REDIS_URL, redisUp } from "./redis-tests";

/**
 * Issue 40 item 6, decision 116: the production set-up in deploy/ as it ships. Debian's nginx runs
 * deploy/nginx/cryptos.conf (only its certificate paths, ports and listen addresses swapped) with a self-signed
 * certificate, in front of two server processes on PostgreSQL and Redis with TRUST_PROXY set to nginx's address.
 * The app loads over https with HSTS, the WebSocket streams through the proxy, the per-address limit counts the
 * real clients (two source addresses), and one instance stopped leaves the other serving, its sockets moving over.
 */

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
/** API calls per minute per client address: small, so the limit is reached in a few calls. */
const LIMIT = 6;

async function whySkip(): Promise<string | undefined> {
  const noPostgres = await whyCrashTestSkips();
  if (noPostgres) return noPostgres;
  const missing = !NGINX ? "nginx (scripts/ensure-test-deps.sh installs Debian's)" : !redisUp ? "Redis" : undefined;
  if (!missing) return undefined;
  // In CI the machine has both: their absence fails the run rather than skipping the test.
  if (process.env.CI === "true") throw new Error(`the production set-up test needs ${missing}`);
  return `${missing} is not available`;
}
const skipReason = await whySkip();

/** A free TCP port on loopback (bound and released; nothing else on this machine takes ports at random). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** A client address of its own per run (127.0.0.0/8 is all loopback), so Redis counts from other runs never meet. */
const runNet = `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const client = (host: number) => `${runNet}.${host}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let dir: string;
let ca: Buffer;
let httpsPort: number;
let httpPort: number;

function get(url: string, from = client(9), method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      `https://127.0.0.1:${httpsPort}${url}`,
      { method, ca, localAddress: from, headers: method === "POST" ? { "content-type": "application/json" } : {} },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(method === "POST" ? "{}" : undefined);
  });
}

/** A `/ws` client through nginx that records its tick frames and how it closed. */
function liveClient(from: string) {
  const socket = new WebSocket(`wss://127.0.0.1:${httpsPort}${WS_PATH}`, { ca, localAddress: from });
  const state = { ticks: 0, closeCode: undefined as number | undefined };
  socket.on("message", (data) => {
    if (JSON.parse(String(data)).type === "ticks") state.ticks += 1;
  });
  const closed = new Promise<number>((resolve) =>
    socket.on("close", (code) => {
      state.closeCode = code;
      resolve(code);
    }),
  );
  socket.on("error", () => {});
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => {
      socket.send(JSON.stringify({ op: "subscribe", pairs: [1, 2, 3] }));
      resolve();
    });
    socket.once("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return { socket, state, closed, opened };
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** deploy/nginx/cryptos.conf with this run's certificate, ports and loopback listeners; nothing else changes. */
function siteForTest(ports: [number, number]): string {
  const site = readFileSync(path.join(ROOT, "deploy/nginx/cryptos.conf"), "utf8");
  const swapped = site
    .replace("server 127.0.0.1:8080", `server 127.0.0.1:${ports[0]}`)
    .replace("server 127.0.0.1:8081", `server 127.0.0.1:${ports[1]}`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace("listen 80;", `listen 127.0.0.1:${httpPort};`)
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/cert.pem;`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/key.pem;`);
  for (const kept of [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`, `${dir}/cert.pem`, `${dir}/key.pem`]) {
    if (!swapped.includes(kept)) throw new Error(`deploy/nginx/cryptos.conf changed shape: ${kept} not placed`);
  }
  return swapped;
}

const servers: ServerProcess[] = [];
let nginx: ReturnType<typeof spawn> | undefined;
let nginxLog = "";
let dropDatabase: (() => Promise<void>) | undefined;

describe.skipIf(skipReason)("the production set-up (deploy/)", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "cryptos-deploy-"));
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`],
      ],
      { stdio: "pipe" },
    );
    ca = readFileSync(`${dir}/cert.pem`);

    const web = path.join(dir, "web");
    mkdirSync(path.join(web, "assets"), { recursive: true });
    writeFileSync(
      path.join(web, "index.html"),
      '<!doctype html><title>Cryptos</title><script type="module" src="/assets/app-1.js"></script>',
    );
    writeFileSync(path.join(web, "assets/app-1.js"), "export const app = 1;\n");

    const { url, drop } = await createCrashDatabase(2);
    dropDatabase = drop;
    for (let i = 0; i < 2; i++) {
      const server = new ServerProcess({
        ...crashServerEnv(url, path.join(dir, `data-${i}`)),
        REDIS_URL,
        WEB_DIST: web,
        TRUST_PROXY: "127.0.0.1",
        PER_IP_LIMITS: "on",
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        SIMULATED_HISTORY_DAYS: "0",
        // Request lines show which instance a socket reached.
        LOG_LEVEL: "info",
      });
      servers.push(server);
      server.start();
    }
    for (const server of servers) {
      await server.waitFor("the server to listen", async () => server.baseUrl !== undefined, 120_000, 100);
    }
    const ports = servers.map((server) => Number(new URL(server.baseUrl!).port)) as [number, number];

    mkdirSync(path.join(dir, "tmp"));
    writeFileSync(path.join(dir, "cryptos.conf"), siteForTest(ports));
    const root = process.getuid?.() === 0;
    writeFileSync(
      path.join(dir, "nginx.conf"),
      `${root ? "user root;\n" : ""}daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n` +
        "events { worker_connections 256; }\n" +
        `http {\n  access_log off;\n${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/tmp/${t};\n`).join("")}` +
        `  include ${dir}/cryptos.conf;\n}\n`,
    );
    nginx = spawn(NGINX!, ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    nginx.stderr?.on("data", (chunk) => {
      nginxLog += chunk;
    });
    await until(
      "nginx to answer",
      () =>
        get(calls.health.path, client(9)).then(
          (res) => res.status === 200,
          () => {
            if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${nginxLog}${readErrorLog()}`);
            return false;
          },
        ),
      20_000,
    );
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = once(nginx, "exit");
      nginx.kill("SIGQUIT");
      await exited;
    }
    for (const server of servers) await server.kill();
    await dropDatabase?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const readErrorLog = () => (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, "utf8") : "");

  it("loads the app over https with HSTS once, and sends plain http to https", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Cryptos</title>");
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await get("/assets/app-1.js")).status).toBe(200);
    const api = await get(calls.health.path);
    // The app's own HSTS (it believes nginx's X-Forwarded-Proto) is replaced by nginx's, never sent twice.
    expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(JSON.parse(api.body).data).toMatchObject({ status: "ok", database: "postgres" });

    const plain = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${httpPort}/x?y=1`, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on("error", reject);
    });
    expect(plain.status).toBe(301);
    expect(plain.location).toBe("https://127.0.0.1/x?y=1");
  });

  it("counts the per-address limit by the real client's address across both instances", async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LIMIT; i++) answers.push((await get(calls.listLoginTypes.path, client(2), "POST")).status);
    expect(answers).toEqual([...Array(LIMIT).fill(200), 429]);
    // Another client behind the same proxy still has its whole budget.
    expect((await get(calls.listLoginTypes.path, client(3), "POST")).status).toBe(200);
    // TRUST_PROXY names nginx: no instance warns that X-Forwarded-For is ignored.
    for (const server of servers) expect(server.log).not.toContain("TRUST_PROXY is off");
  });

  it("streams ticks over the WebSocket through nginx; a stopped instance's sockets reconnect to the other", async () => {
    const first = liveClient(client(4));
    await first.opened;
    await until("a tick through nginx", () => first.state.ticks > 0);
    const holder = servers.findIndex((server) => server.log.includes(`"url":"${WS_PATH}`));
    expect(holder).toBeGreaterThanOrEqual(0);
    const [stopped, other] = holder === 0 ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!];

    await stopped.kill("SIGTERM");
    expect(stopped.exitCode, stopped.log).toBe(0);
    expect(stopped.log).toContain("drained; exiting");
    expect(await first.closed).toBe(1012);

    const again = liveClient(client(5));
    await again.opened;
    await until("ticks from the instance left", () => again.state.ticks > 0);
    for (let i = 0; i < 4; i++) expect((await get(calls.health.path, client(6))).status).toBe(200);
    expect(other.exited).toBe(false);
    again.socket.close();
  });
});

const SYSTEMD_ANALYZE = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((file) => existsSync(file));

// Once (the PostgreSQL project), where systemd's own checker is installed.
describe.runIf(testDbKind() === "postgres" && SYSTEMD_ANALYZE)("deploy/cryptos@.service", () => {
  it("is a unit systemd reads without a complaint, restarting on failure", () => {
    const unit = readFileSync(path.join(ROOT, "deploy/cryptos@.service"), "utf8");
    expect(unit).toMatch(/^Restart=on-failure$/m);
    const at = mkdtempSync(path.join(tmpdir(), "cryptos-unit-"));
    try {
      writeFileSync(path.join(at, "cryptos@.service"), unit);
      const result = spawnSync(SYSTEMD_ANALYZE!, ["verify", path.join(at, "cryptos@8080.service")], {
        encoding: "utf8",
      });
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });
});
