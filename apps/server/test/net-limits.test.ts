import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls, LOGIN_TYPES } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { startTestApp, type TestApp } from "./helper";

/**
 * Issue #20, items 2-4: what the server makes of the network in front of it. The CSP's upgrade-insecure-requests
 * only over TLS; the per-address limit counts API calls, never the web app's own files; the client's address and
 * protocol are the socket's unless TRUST_PROXY names the proxy. Every injected request comes from 127.0.0.1.
 */

const health = calls.health.path;

/** A web build as apps/web writes it: the document, hashed assets, the manifest and the service worker. */
/** An inline boot script as the web build writes them (theme, shell pick). */
const BOOT = 'document.documentElement.dataset.boot="1";';

function webBuild(assets: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "cryptos-net-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><title>Cryptos</title><script>${BOOT}</script><div id=root></div>`,
  );
  writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "Cryptos" }));
  writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  for (let i = 0; i < assets; i++) writeFileSync(path.join(dir, `assets/chunk-${i}.js`), `export const n = ${i};\n`);
  return dir;
}

describe("the CSP's upgrade-insecure-requests and HSTS go only on answers over TLS, COOP only to trustworthy origins", () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp();
    proxied = await startTestApp({ config: { trustProxy: ["127.0.0.1"] } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it("leaves them off an answer over plain http, so a browser on http://my-box.lan keeps loading over http", async () => {
    const res = await direct.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends them over TLS as a trusted proxy reports it (X-Forwarded-Proto)", async () => {
    const res = await proxied.app.inject({ method: "GET", url: health, headers: { "x-forwarded-proto": "https" } });
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    const plain = await proxied.app.inject({ method: "GET", url: health, headers: { "x-forwarded-proto": "http" } });
    expect(String(plain.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
  });

  it("leaves the headers a browser honours only on a trustworthy origin off plain http by a LAN name", async () => {
    const coop = "cross-origin-opener-policy";
    const oac = "origin-agent-cluster";
    const at = (app: TestApp, host: string, proto?: string) =>
      app.app.inject({
        method: "GET",
        url: health,
        headers: { host, ...(proto ? { "x-forwarded-proto": proto } : {}) },
      });
    const lan = await at(direct, "my-box.lan:8080");
    expect(lan.headers[coop]).toBeUndefined();
    expect(lan.headers[oac]).toBeUndefined();
    expect(String(lan.headers["content-security-policy"])).toContain("default-src 'self'");
    for (const host of ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "app.localhost"]) {
      const loopback = await at(direct, host);
      expect(loopback.headers[coop], host).toBe("same-origin");
      expect(loopback.headers[oac], host).toBe("?1");
    }
    const overTls = await at(proxied, "my-box.lan", "https");
    expect(overTls.headers[coop]).toBe("same-origin");
    expect(overTls.headers[oac]).toBe("?1");
  });

  it("does not believe X-Forwarded-Proto from a client when no proxy is configured", async () => {
    const res = await direct.app.inject({ method: "GET", url: health, headers: { "x-forwarded-proto": "https" } });
    expect(String(res.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("the web app's own files never count toward the API's per-address limit", () => {
  const limit = 5;
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webBuild(40);
    t = await startTestApp({ config: { webDist }, rateLimitPerMinute: limit });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves every file of several first visits from one address, far past the API's limit", async () => {
    const visit = [
      "/",
      "/index.html",
      "/manifest.webmanifest",
      "/sw.js",
      ...Array.from({ length: 40 }, (_, i) => `/assets/chunk-${i}.js`),
    ];
    // Four first visits at once from one address: 176 files against an API limit of 5 a minute.
    const answers = await Promise.all(
      [1, 2, 3, 4].flatMap(() => visit.map((url) => t.app.inject({ method: "GET", url }))),
    );
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.statusCode)).toEqual([]);
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<title>Cryptos</title>");
  });

  it("allows the build's inline boot script by its hash in the CSP, and no other inline script", async () => {
    const page = await t.app.inject({ method: "GET", url: "/" });
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers["content-security-policy"]))?.[1];
    const hash = createHash("sha256").update(BOOT).digest("base64");
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("still limits the API's calls from that address", async () => {
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () => t.app.inject({ method: "GET", url: health })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // The files are still served after the API's limit is spent.
    expect((await t.app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/sw.js" })).statusCode).toBe(200);
  });
});

describe("the web app's files are never refused with the API's JSON", () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webBuild(1);
    t = await startTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("answers a refused file request in words, in the asker's language", async () => {
    // A non-canonical path is refused (403) by the file server.
    const res = await t.app.inject({ method: "GET", url: "/assets//chunk-0.js", headers: { lang: "de" } });
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(() => JSON.parse(res.body)).toThrow();
    expect(res.body).toContain("/assets//chunk-0.js");
    expect(res.body).not.toBe((await t.app.inject({ method: "GET", url: "/assets//chunk-0.js" })).body);
  });
});

describe("the client's address is the socket's unless TRUST_PROXY names the proxy", () => {
  /**
   * Forty sign-in attempts at once that each fail, for different accounts, with the X-Forwarded-For each gives
   * (`forwarded(i)`); answers the number refused by the sign-in call's per-address limit (429).
   */
  async function refusedSignIns(t: TestApp, forwarded: (i: number) => string): Promise<number> {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.send("login", {
          body: { type: LOGIN_TYPES.password, username: `nobody-${i}@example.com`, password: "wrong-password-1" },
          headers: { "x-forwarded-for": forwarded(i) },
        }),
      ),
    );
    return answers.filter((res) => res.status === 429).length;
  }

  it("by default, a rotating X-Forwarded-For does not escape the per-address sign-in limit", async () => {
    const t = await startTestApp({ config: { perIpLimits: true } });
    try {
      // The call allows fewer than 40 a minute from one address, whatever the header says.
      expect(await refusedSignIns(t, (i) => `203.0.113.${i + 1}`)).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it("by default, a rotating X-Forwarded-For does not escape the API's per-address limit", async () => {
    const t = await startTestApp({ rateLimitPerMinute: 5 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.app.inject({ method: "GET", url: health, headers: { "x-forwarded-for": `198.51.100.${i + 1}` } }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  for (const trustProxy of [["127.0.0.1"], 1] as const) {
    it(`believes X-Forwarded-For from the proxy with TRUST_PROXY=${String(trustProxy)}`, async () => {
      const t = await startTestApp({
        config: { perIpLimits: true, trustProxy: typeof trustProxy === "number" ? trustProxy : [...trustProxy] },
      });
      const untrusted = await startTestApp({ config: { perIpLimits: true } });
      try {
        // Forty clients behind the proxy, each signing in once: each is its own address.
        expect(await refusedSignIns(t, (i) => `203.0.113.${i + 1}`)).toBe(0);
        // One client behind the proxy is limited as one address, whatever it puts before the proxy's entry.
        const oneClient = (i: number) => `10.9.9.${i}, 192.0.2.7`;
        const refused = await refusedSignIns(t, oneClient);
        expect(refused).toBeGreaterThan(0);
        expect(refused).toBe(await refusedSignIns(untrusted, oneClient));
      } finally {
        await t.close();
        await untrusted.close();
      }
      // 120 sign-ins, each an argon2 check (an unknown email costs the same): about 10 s of CPU alone, and past the
      // default 30 s bound on CI's two busy cores (stop 48's first run). A bound, not a timing.
    }, 120_000);
  }
});

describe("TRUST_PROXY", () => {
  it("is off by default, and reads true/false, a hop count, or proxy addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.1, 192.168.0.0/16,::1,fd00::/8 , loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses a value it cannot use, naming the setting and the entry", () => {
    for (const bad of ["10.0.0.0/33", "proxy.lan", "10.0.0.1/8/1", "yes", "1.2.3", "::1/129"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .*not an IP|TRUST_PROXY: .*prefix/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "1000" })).toThrow(/TRUST_PROXY: a hop count must be at most 100/);
  });
});
