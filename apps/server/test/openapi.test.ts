import { type CallDef, type CallName, calls, EXPORT_KINDS, exportPath } from "@cryptos/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_PATH } from "../src/plugins/test-clock";
import { startTestApp, type TestApp } from "./helper";

/**
 * Issue 38 item 6: the OpenAPI document at /docs/json names every status a call answers. Each call is sent what
 * an outsider would send (no token, broken JSON, a long body, the wrong content type, too many calls) and every
 * status that comes back must be one the document lists for that call, with the envelope it describes.
 */

type Operation = { responses: Record<string, unknown>; operationId?: string; "x-spec-name"?: string };
type Documented = Record<string, Record<string, Operation>>;

let t: TestApp;
let documented: Documented;
beforeAll(async () => {
  t = await startTestApp();
  documented = (await t.app.inject({ method: "GET", url: "/docs/json" })).json().paths;
});
afterAll(async () => {
  await t?.close();
});

const statusesOf = (call: CallDef) => Object.keys(documented[call.path]?.[call.method.toLowerCase()]?.responses ?? {});

const allCalls = Object.entries(calls) as [string, CallDef][];

/**
 * Decision 130: the calls named in the code by what they do, each with the method and path the spec (or DESIGN.md)
 * gave it, frozen here, and the spec's name of it. The rename must not move a call on the wire.
 */
const RENAMED: Partial<Record<CallName, [string, string]>> = {
  getUserInfo: ["POST /api/index/userinfo", "userinfo"],
  listLoginTypes: ["POST /api/index/loginlist", "loginlist"],
  sendEmailCode: ["POST /api/ems/send", "ems/send"],
  sendSmsCode: ["POST /api/sms/send", "sms/send"],
  resetPassword: ["POST /api/user/resetpwd", "user/resetpwd"],
  changePassword: ["POST /api/user/changepwd", "user/changepwd"],
  listPairs: ["GET /api/index/productlist", "productlist"],
  getPair: ["GET /api/index/productshow", "productshow"],
  getCandles: ["GET /api/index/getkdata", "getkdata"],
  listUpDownSettings: ["POST /api/index/miao", "miao"],
  placeUpDownOrder: ["POST /api/index/domiao", "domiao"],
  getUpDownOrder: ["POST /api/index/getmiaode", "getmiaode"],
  getUpDownOrderTicks: ["POST /api/index/miaoticks", "miaoticks"],
  listUpDownOrders: ["POST /api/index/miaolist", "miaolist"],
  listTicks: ["GET /api/index/ticks", "ticks"],
  listTickHeads: ["GET /api/index/tickhead", "tickhead"],
  listTickArchives: ["GET /api/index/tickarchives", "tickarchives"],
  listTickAnchors: ["GET /api/index/anchors", "anchors"],
  getStakingSummary: ["POST /api/index/item", "item"],
  getStakingProduct: ["POST /api/index/getitems", "getitems"],
  subscribeStaking: ["POST /api/index/doitem", "doitem"],
  listStakingOrders: ["POST /api/index/getitemlist", "getitemlist"],
  listDepositChannels: ["POST /api/index/rechargechannels", "rechargechannels"],
  submitDeposit: ["POST /api/index/dorecharge", "dorecharge"],
  listDeposits: ["POST /api/index/getrecharge", "getrecharge"],
  requestWithdrawal: ["POST /api/index/dowithdraw", "dowithdraw"],
  getWithdrawalOptions: ["POST /api/index/withdrawinfo", "withdrawinfo"],
  listWithdrawals: ["POST /api/index/getwithdraw", "getwithdraw"],
  quoteExchange: ["POST /api/index/duihuanquote", "duihuanquote"],
  exchange: ["POST /api/index/duihuan", "duihuan"],
  listExchanges: ["POST /api/index/getduihuanlog", "getduihuanlog"],
  listBills: ["POST /api/index/getmoneylog", "getmoneylog"],
  getHelpPage: ["POST /api/index/helpshow", "helpshow"],
  getHomeMenu: ["POST /api/index/menus", "menus"],
  getHomeShortcuts: ["POST /api/index/getmenusoft", "getmenusoft"],
  getLatestAnnouncement: ["POST /api/index/gonggaoshow", "gonggaoshow"],
  listMessages: ["POST /api/index/newslist", "newslist"],
  readMessage: ["POST /api/index/newsshow", "newsshow"],
  countUnreadMessages: ["POST /api/index/getnews", "getnews"],
  submitRealName: ["POST /api/index/doreal", "doreal"],
  getRealNameStatus: ["POST /api/index/getreals", "getreals"],
  listWebviewHosts: ["POST /api/index/webviewhosts", "webviewhosts"],
};

/** The requests an outsider sends a call without reading its schema, each named for the failure message. */
function probes(call: CallDef): [string, InjectOptions][] {
  const base = { method: call.method, url: call.path } as const;
  const unsigned: [string, InjectOptions] = [
    "no token",
    { ...base, ...(call.method === "POST" ? { payload: {} } : {}) },
  ];
  if (call.method === "GET") return [unsigned, ["a stale token", { ...base, headers: { authorization: "Bearer x" } }]];
  const typed = (type: string, payload: string): InjectOptions => ({
    ...base,
    headers: { "content-type": type },
    payload,
  });
  return [
    unsigned,
    ["broken JSON", typed("application/json", '{"a":')],
    ["a body of 2 MB", typed("application/json", JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) }))],
    ["plain text", typed("text/plain", "hello")],
    ["a body nested 40 deep", typed("application/json", `${"[".repeat(40)}${"]".repeat(40)}`)],
  ];
}

describe("the OpenAPI document", () => {
  it("answers every probe of every call with a status the document lists for it, in the envelope", async () => {
    const undocumented: string[] = [];
    for (const [name, call] of allCalls) {
      const listed = statusesOf(call);
      expect(listed, name).toContain("200");
      for (const [probe, request] of probes(call)) {
        const res = await t.app.inject(request);
        if (!listed.includes(String(res.statusCode))) undocumented.push(`${name} (${probe}): ${res.statusCode}`);
        expect(res.statusCode, `${name} (${probe})`).toBeLessThan(500);
        expect(res.json(), `${name} (${probe})`).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("lists 401 exactly for the calls that need a session, and body statuses only where a body is read", () => {
    for (const [name, call] of allCalls) {
      const listed = statusesOf(call);
      const signedIn = call.auth === "user" || call.auth === "operator";
      expect(listed.includes("401"), name).toBe(signedIn);
      for (const status of ["400", "413", "415"])
        expect(listed.includes(status), `${name} ${status}`).toBe(call.method === "POST");
      expect(listed, name).toEqual(expect.arrayContaining(["429", "500"]));
    }
  });

  it("lists the statements' statuses, and answers a statement without a session with a documented 401", async () => {
    for (const kind of EXPORT_KINDS) {
      const listed = Object.keys(documented[exportPath(kind)]?.get?.responses ?? {});
      expect(listed, kind).toEqual(expect.arrayContaining(["200", "401", "429", "500"]));
      for (const headers of [{}, { authorization: "Bearer stale" }]) {
        const res = await t.app.inject({ method: "GET", url: exportPath(kind), headers });
        expect(listed, `${kind} ${JSON.stringify(headers)}`).toContain(String(res.statusCode));
        expect(res.json()).toMatchObject({ code: 401 });
      }
    }
  });

  it("names each operation as the code does (operationId) and as the spec's path does (x-spec-name)", () => {
    for (const [name, call] of allCalls) {
      const operation = documented[call.path]?.[call.method.toLowerCase()];
      expect(operation?.operationId, call.path).toBe(name);
      expect(call.path.endsWith(`/${operation?.["x-spec-name"]}`), `${name} ${call.path}`).toBe(true);
    }
    for (const [name, [route, spec]] of Object.entries(RENAMED) as [CallName, [string, string]][]) {
      const [method, path] = route.split(" ") as [string, string];
      expect(`${calls[name].method} ${calls[name].path}`, name).toBe(route);
      expect(documented[path]?.[method.toLowerCase()], route).toMatchObject({ operationId: name, "x-spec-name": spec });
    }
  });

  it("describes each status, so a reader knows what it means", () => {
    const responses = documented[calls.requestWithdrawal.path]!.post!.responses as Record<
      string,
      { description?: string }
    >;
    expect(responses["401"]?.description).toMatch(/sign in again/);
    expect(responses["200"]?.description).toMatch(/code: 0/);
  });

  it("has no test clock: the route exists only with TEST_CLOCK=on (decision 141)", async () => {
    const moved = await t.app.inject({ method: "POST", url: TEST_CLOCK_PATH, payload: { advance_seconds: 60 } });
    expect(moved.statusCode).toBe(404);
    expect(Object.keys(documented)).not.toContain(TEST_CLOCK_PATH);
  });

  it("documents the 429 that a client over the per-address limit gets", async () => {
    const limited = await startTestApp({ config: { perIpLimits: true }, rateLimitPerMinute: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.call(calls.listLoginTypes.path)).status);
      expect(statuses).toContain(429);
      expect(statusesOf(calls.listLoginTypes)).toContain("429");
    } finally {
      await limited.close();
    }
  });
});

describe("sms/send follows decision 001", () => {
  it("answers HTTP 200 with code 0 and says SMS is off, with the usual fields, `{}` or no body", async () => {
    for (const body of [{ mobile: "+15550100", event: "register" }, {}, undefined]) {
      const res = await t.call(calls.sendSmsCode.path, { body, headers: { lang: "de" } });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(/SMS/);
    }
  });

  it("names a malformed field instead of refusing the body", async () => {
    const res = await t.call(calls.sendSmsCode.path, { body: { mobile: 15550100 } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(/mobile/);
  });
});
