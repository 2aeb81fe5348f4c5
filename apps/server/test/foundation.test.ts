import { APP_VERSION, APP_VERSION_CODE, calls } from "@cryptos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testDbKind } from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("foundation API", () => {
  it("answers health with the spec's version and the database in use", async () => {
    const res = await t.send("health");
    expect(res.status).toBe(200);
    // Decision 115 added the parts that fail beside these; what a client read before is unchanged.
    expect(res.body).toMatchObject({
      code: 1,
      msg: "Success",
      data: { status: "ok", version: APP_VERSION, version_code: APP_VERSION_CODE, database: testDbKind() },
    });
  });

  it("answers an unknown path with a 404 envelope, never a stack", async () => {
    const res = await t.call("/api/index/nope", { headers: { lang: "de" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain("/api/index/nope");
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|Error:/);
  });

  it("answers every call of the contract at its method and path", async () => {
    for (const call of Object.values(calls)) {
      const res = await t.call(call.path, { method: call.method, body: call.method === "POST" ? {} : undefined });
      expect(res.status, call.path).not.toBe(404);
      expect(res.status, call.path).toBeLessThan(500);
      expect([0, 1, 401], call.path).toContain(res.body.code);
      expect(res.body.msg.length, call.path).toBeGreaterThan(0);
    }
  });

  it("asks a signed-out caller of a user call to sign in, with HTTP 401 and code 401", async () => {
    const res = await t.send("getUserInfo");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: "Please sign in to continue" });
    const bogus = await t.send("getUserInfo", { as: "not-a-session" });
    expect(bogus.status).toBe(401);
    expect(bogus.body.msg).toMatch(/expired/);
  });

  it("names the field that is wrong, in the language of the lang header", async () => {
    const en = await t.send("sendEmailCode", { body: { email: "not-an-email", event: "register" } });
    expect(en.body).toEqual({ code: 0, msg: "email must be an email address" });

    // Raw (t.call): a missing field, an unknown event, letters for a number and an array for an id, on purpose.
    const missing = await t.call(calls.sendEmailCode.path, { body: { email: "a@b.co" } });
    expect(missing.body).toEqual({ code: 0, msg: "event is required" });

    const wrongEnum = await t.call(calls.sendEmailCode.path, { body: { email: "a@b.co", event: "party" } });
    expect(wrongEnum.body).toEqual({
      code: 0,
      msg: "event must be one of: register, login, withdraw, reset, security",
    });

    const notNumber = await t.call(calls.listPairs.path, { method: "GET", query: { product_type: "abc" } });
    expect(notNumber.body.code).toBe(0);
    expect(notNumber.body.msg).toMatch(/^product_type /);
    expect(notNumber.body.msg).not.toMatch(/required/);

    const arrayId = await t.call(calls.getStakingProduct.path, { body: { id: [1] } });
    expect(arrayId.body).toEqual({ code: 0, msg: "id is not valid" });

    const zh = await t.send("sendEmailCode", {
      body: { email: "x", event: "register" },
      headers: { lang: "zh-CN" },
    });
    expect(zh.body.code).toBe(0);
    expect(zh.body.msg).toContain("email");
    expect(zh.body.msg).not.toBe(en.body.msg);
  });

  it("refuses malformed JSON with code 0 and a readable message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: calls.listLoginTypes.path,
      headers: { "content-type": "application/json" },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, msg: "The request body is not valid JSON" });
  });

  it("accepts the spec client's empty POST body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: calls.listLoginTypes.path,
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().msg).not.toMatch(/JSON/);
  });

  it("lists every contract path in the OpenAPI document at /docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const call of Object.values(calls)) expect(paths, call.path).toContain(call.path);
    const ui = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(ui.statusCode).toBe(200);
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // The page's Intl warm-up is a worker made from a blob (apps/web/public/intl-warmup.js).
    expect(csp).toContain("worker-src 'self' blob:");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // Over TLS as the proxy in front reports it: X-Forwarded-Proto is believed only from a proxy TRUST_PROXY names.
    const behindProxy = await startTestApp({ config: { trustProxy: ["127.0.0.1"] } });
    try {
      const overTls = await behindProxy.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(overTls.headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    } finally {
      await behindProxy.close();
    }
  });
});
