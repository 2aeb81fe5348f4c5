import { type BodyOf, type Calls, calls } from "@cryptos/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema";
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, NO_BODY_LIMIT } from "../src/http/json-body";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Issue 20, item 6: a body cannot stall the server. A call without a body refuses one; JSON nested deeper than
 * MAX_JSON_DEPTH is refused before it is parsed; a small call's body is small. Each refusal is code 0 in the
 * request's language with a 4xx, and the call's handler never runs (its side effect is checked).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers: { "content-type": "application/json", ...headers }, payload });

/** Whether the session still works: logout's handler (the side effect) never ran. */
const signedIn = async (user: SignedUpUser) => (await t.send("getUserInfo", { as: user })).body.code === 1;

const mailsTo = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email)))[0]!.n;

describe("bodies on calls that take none", () => {
  it("refuses the issue's megabyte of nested arrays, and never runs the call", async () => {
    const user = await signUp(t);
    const attack = nested(500_000); // 1,000,000 bytes
    const res = await post(calls.logout.path, attack, { ...user.headers, lang: "de" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({ code: 0, msg: "Dieser Aufruf nimmt keinen Anfragetext an" });
    // Refused from its length alone; the connection is not kept to read the rest.
    expect(res.headers.connection).toBe("close");
    expect(await signedIn(user)).toBe(true);
  });

  it("refuses a short nested body too (read, then refused before it is parsed)", async () => {
    const user = await signUp(t);
    const body = nested(20);
    expect(body.length).toBeLessThanOrEqual(NO_BODY_LIMIT);
    const res = await post(calls.logout.path, body, user.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, msg: "This call takes no request body" });
    expect(await signedIn(user)).toBe(true);
  });

  it("refuses any other content: an object with fields, text, chunked JSON", async () => {
    const user = await signUp(t);
    for (const [payload, type] of [
      ['{"page":1}', "application/json"],
      ["hello", "text/plain"],
    ] as const) {
      const res = await post(calls.logout.path, payload, { ...user.headers, "content-type": type });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ code: 0, msg: "This call takes no request body" });
    }
    // No content-length: the body is read up to the call's limit and refused there.
    const chunked = await t.app.inject({
      method: "POST",
      url: calls.logout.path,
      headers: { ...user.headers, "content-type": "application/json", "transfer-encoding": "chunked" },
      payload: nested(50_000),
    });
    expect(chunked.statusCode).toBeGreaterThanOrEqual(400);
    expect(chunked.statusCode).toBeLessThan(500);
    expect(chunked.json().code).toBe(0);
    expect(await signedIn(user)).toBe(true);
  });

  it("still takes the spec client's empty body, `{}` and `null`, and no body at all", async () => {
    for (const payload of ["", "{}", " { } ", "null"]) {
      const res = await post(calls.listLoginTypes.path, payload);
      expect(res.statusCode, payload).toBe(200);
      expect(res.json().code, payload).toBe(1);
    }
    const bare = await t.app.inject({ method: "POST", url: calls.listLoginTypes.path });
    expect(bare.json().code).toBe(1);
    const user = await signUp(t);
    const out = await post(calls.logout.path, "{}", user.headers);
    expect(out.json().code).toBe(1);
    expect(await signedIn(user)).toBe(false);
  });
});

describe("nesting depth", () => {
  it("refuses a deeply nested field of a call with a body before parsing it, and never runs the call", async () => {
    const email = `deep-${Date.now()}@example.com`;
    // The schema would drop the unknown field and send the code: only the depth check stands in the way.
    const payload = `{"email":"${email}","event":"register","extra":${nested(10_000)}}`;
    const res = await post(calls.sendEmailCode.path, payload, { lang: "fr" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 0,
      msg: `Le corps de la requête est trop imbriqué (au plus ${MAX_JSON_DEPTH} niveaux)`,
    });
    expect(await mailsTo(email)).toBe(0);
  });

  it("takes a body nested as deep as the limit, and counts nothing inside strings", async () => {
    const email = `shallow-${Date.now()}@example.com`;
    const extra = nested(MAX_JSON_DEPTH - 1); // inside the body's own object: MAX_JSON_DEPTH levels in all
    const note = JSON.stringify(`${"[{".repeat(200)}\\"`);
    const res = await post(
      calls.sendEmailCode.path,
      `{"email":"${email}","event":"register","extra":${extra},"note":${note}}`,
    );
    expect(res.json()).toMatchObject({ code: 1 });
    expect(await mailsTo(email)).toBe(1);
  });

  it("refuses five nested bodies sent at once while the health check answers", async () => {
    const attack = nested(30_000);
    const [health, ...refused] = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/health" }),
      ...Array.from({ length: 5 }, () => post(calls.sendEmailCode.path, attack)),
    ]);
    expect(health!.json().code).toBe(1);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(0);
    }
  });
});

describe("per-call body limits", () => {
  it("refuses a body over a small call's limit before it is parsed", async () => {
    const email = `big-${Date.now()}@example.com`;
    const payload = JSON.stringify({ email, event: "register", extra: "x".repeat(DEFAULT_BODY_LIMIT) });
    const res = await post(calls.sendEmailCode.path, payload, { lang: "es" });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 0, msg: "La solicitud es demasiado grande" });
    expect(await mailsTo(email)).toBe(0);
  });

  it("keeps a larger limit where the contract gives one: an announcement in 14 languages", async () => {
    const op = await t.operatorToken();
    const text = (lang: string) => `<p>${lang} ${"·".repeat(8_000)}</p>`;
    const languages = ["en", "de", "fr", "es", "it", "pt", "ru", "ja", "ko", "th", "vi", "fi", "zh-Hans", "zh-Hant"];
    const body: BodyOf<Calls["adminNewsSave"]> = {
      cid: 1,
      title: Object.fromEntries(languages.map((l) => [l, `Notice ${l}`])),
      body: Object.fromEntries(languages.map((l) => [l, text(l)])),
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(DEFAULT_BODY_LIMIT * 3);
    const res = await t.send("adminNewsSave", { as: op, body });
    expect(res.body).toMatchObject({ code: 1, data: { cid: 1 } });
  });
});
