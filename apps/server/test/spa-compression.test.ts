import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helper";

/**
 * The built web app is sent in the compressed copies the build writes beside each file (apps/web/precompress.ts),
 * brotli first, then gzip, else the file itself; the headers are those of the original file. A file without copies
 * (index.html) is compressed as it is sent.
 */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `pair ${i}`))};\n`;
/** Above the 1 KB under which an answer goes out uncompressed. */
const PADDING = `<!--${"x".repeat(1200)}-->`;
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), "cryptos-spa-"));
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "index.html"), `<!doctype html><title>Cryptos</title>${PADDING}`);
  const file = path.join(webDist, "assets/app-abc123.js");
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  t = await startTestApp({ config: { webDist } });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the web build's compressed copies", () => {
  const get = (encoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: encoding ? { "accept-encoding": encoding } : {},
    });

  it("sends the brotli copy to a browser that accepts it", async () => {
    const response = await get("gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const response = await get("gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends the file itself without compression, and index.html (no copies) compressed on the way", async () => {
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    const index = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-encoding"]).toBe("br");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain("<title>Cryptos</title>");
    const indexPlain = await t.app.inject({ method: "GET", url: "/" });
    expect(indexPlain.headers["content-encoding"]).toBeUndefined();
    expect(indexPlain.body).toContain("<title>Cryptos</title>");
  });
});

describe("the build's scripts and stylesheets, kept in memory after their first read", () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("answers a repeat with the same bytes and headers, and a matching If-None-Match with 304", async () => {
    const first = await get("/assets/app-abc123.js", { "accept-encoding": "br" });
    const again = await get("/assets/app-abc123.js", { "accept-encoding": "br" });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["content-security-policy"]).toBeDefined();
    const unchanged = await get("/assets/app-abc123.js", { "if-none-match": String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
  });

  it("honours a refused encoding (q=0) and a wildcard", async () => {
    const noBrotli = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(noBrotli.rawPayload).toString()).toBe(script);
    const any = await get("/assets/app-abc123.js", { "accept-encoding": "*" });
    expect(any.headers["content-encoding"]).toBe("br");
  });

  it("leaves a name the build does not have, or one that is not a plain file name, to the static files' answers", async () => {
    const missing = await get("/assets/app-missing.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 0, msg: expect.stringContaining("/assets/app-missing.js") });
    for (const url of [
      "/assets/..%2findex.html",
      "/assets/%2e%2e%2fassets%2fapp-abc123.js",
      "/assets/sub/app-abc123.js",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).not.toBe(200);
    }
  });
});

describe("index.html and its CSP, read together (decision 124)", () => {
  const hash = (code: string) => createHash("sha256").update(code, "utf8").digest("base64");
  const page = (code: string) =>
    `<!doctype html><title>Cryptos</title><script>${code}</script><div id=root></div>${PADDING}`;
  const scriptHashes = (csp: unknown) => [...String(csp).matchAll(/'sha256-([^']+)'/g)].map(([, h]) => h);

  it("serves a page rebuilt under the running server with the hashes of its own inline scripts", async () => {
    const file = path.join(webDist, "index.html");
    writeFileSync(file, page("document.documentElement.dataset.build='one'"));
    const first = await t.app.inject({ method: "GET", url: "/" });
    expect(first.body).toContain("build='one'");
    expect(scriptHashes(first.headers["content-security-policy"])).toEqual([
      hash("document.documentElement.dataset.build='one'"),
    ]);

    // A rebuild: a new page, and the old build's brotli copy still beside it for a moment.
    const rebuilt = page("document.documentElement.dataset.build='two'");
    writeFileSync(`${file}.br`, brotliCompressSync(page("document.documentElement.dataset.build='one'")));
    writeFileSync(file, rebuilt);
    for (const url of ["/", "/index.html"]) {
      const again = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(again.statusCode).toBe(200);
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe(rebuilt);
      expect(scriptHashes(again.headers["content-security-policy"])).toEqual([
        hash("document.documentElement.dataset.build='two'"),
      ]);
      expect(again.headers.etag).not.toBe(first.headers.etag);
    }
    // The build's copy of the new page is sent once it is written; other answers carry the new hashes too.
    writeFileSync(`${file}.br`, brotliCompressSync(rebuilt));
    const copy = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    expect(copy.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(scriptHashes(asset.headers["content-security-policy"])).toEqual([
      hash("document.documentElement.dataset.build='two'"),
    ]);
    const unchanged = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(copy.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });
});
