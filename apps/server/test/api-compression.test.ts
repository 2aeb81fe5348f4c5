import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { calls } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helper";

/**
 * API answers of 1 KB and more are compressed for clients that accept it (brotli first, then gzip); smaller ones,
 * and every answer to a client that accepts neither, go out as they are. The body is the same JSON either way.
 */
let t: TestApp;
/** What the product list's route handed to Fastify for each answer: the cached copy is the same Buffer object. */
const sentLists: unknown[] = [];

beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) =>
      app.addHook("onSend", async (request, _reply, payload) => {
        if (request.url.startsWith(calls.listPairs.path)) sentLists.push(payload);
        return payload;
      }),
  });
  const market = t.app.services.market;
  const pairs = await market.listPairs(1);
  await market.recordQuotes(pairs.map((p, i) => ({ pairId: p.id, price: String(100 + i) })));
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("API compression", () => {
  const list = `${calls.listPairs.path}?product_type=1`;

  it("sends the product list in brotli to a client that accepts it, and the same JSON uncompressed otherwise", async () => {
    const plain = await get(list);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json()).toMatchObject({ code: 1 });

    const br = await get(list, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it("keeps one compressed copy of the product list per tick", async () => {
    const sent = () => sentLists.at(-1);
    const first = await get(list, "br");
    const copy = sent();
    expect(Buffer.isBuffer(copy)).toBe(true);
    const second = await get(list, "br");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(sent()).toBe(copy); // the very same bytes object: compressed once, not again

    const market = t.app.services.market;
    const pairs = await market.listPairs(1);
    await market.recordQuotes(pairs.map((p, i) => ({ pairId: p.id, price: String(200 + i) })));
    const afterTick = await get(list, "br");
    expect(sent()).not.toBe(copy);
    expect(afterTick.rawPayload.equals(first.rawPayload)).toBe(false);
    await get(list, "br");
    expect(sent()).toBe(sentLists.at(-2));
  });

  it("falls back to gzip (also when brotli is refused with q=0), and leaves small answers alone", async () => {
    const gz = await get(list, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect((await get(list, "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toMatchObject({ code: 1 });

    const health = await get("/api/health", "br, gzip");
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
  });
});
