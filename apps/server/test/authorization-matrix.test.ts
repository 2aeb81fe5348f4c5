import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CallDef, type CallName, calls } from "@cryptos/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorSessions, sessions } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { hashToken } from "../src/lib/secrets";
import { depositCompleted, emailedCode, tinyPng, upload, uploadWithHeaders } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Every call of the contract (and the upload file route) against every kind of credential, and every call whose
 * input names an object tried with another user's ids: a caller sees its own data or none, never someone else's.
 */

let t: TestApp;
let dataDir: string;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
const tag = randomBytes(4).toString("hex");
const FILE_ROUTE = "/api/common/file/:id";

/** The victim's objects, and strings that appear only in the victim's data (a leak shows as one of them). */
interface Victim {
  user: SignedUpUser;
  orderId: number;
  openQuoteId: string;
  messageId: number;
  proofId: number;
  realNameImages: number[];
  pendingDepositId: number;
  withdrawalId: number;
  realNameId: number;
  savedAddressId: number;
  alertId: number;
  markers: string[];
}
let victim: Victim;
let other: SignedUpUser;

type TokenKind =
  | "none"
  | "garbage"
  | "tampered"
  | "unknown-operator-shape"
  | "basic-scheme"
  | "expired"
  | "revoked"
  | "other-user"
  | "own"
  | "operator"
  | "operator-expired"
  | "operator-revoked";
const TOKEN_KINDS: TokenKind[] = [
  "none",
  "garbage",
  "tampered",
  "unknown-operator-shape",
  "basic-scheme",
  "expired",
  "revoked",
  "other-user",
  "own",
  "operator",
  "operator-expired",
  "operator-revoked",
];
const tokens = {} as Record<TokenKind, Record<string, string>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let cells = 0;

async function loginAs(user: SignedUpUser): Promise<string> {
  const res = await t.send("login", { body: { type: 1, username: user.email, password: user.password } });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!.userinfo.token;
}

async function expireUserToken(token: string) {
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(clock.now().getTime() - 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

async function expireOperatorToken(token: string) {
  await t.database.db
    .update(operatorSessions)
    .set({ expiresAt: new Date(clock.now().getTime() - 60_000) })
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
}

interface Sent {
  status: number;
  body: { code: number; msg: string; data?: unknown };
  raw: string;
}

interface Request {
  body?: unknown;
  query?: Record<string, string>;
}

async function send(call: CallDef, headers: Record<string, string>, request: Request = {}): Promise<Sent> {
  if (call.multipart) {
    const res = await uploadWithHeaders(t, headers, { data: tinyPng() });
    return { status: res.status, body: res.body, raw: JSON.stringify(res.body) };
  }
  const res = await t.app.inject({
    method: call.method,
    url: call.path,
    query: request.query,
    headers: { lang: "en", ...headers },
    ...(call.method === "POST" ? { payload: (request.body ?? {}) as object } : {}),
  });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

function expectNoVictimData(res: Sent, where: string) {
  for (const marker of victim.markers) expect(res.raw, `${where} leaks ${marker}`).not.toContain(marker);
}

function expectUnauthorized(res: Sent, where: string) {
  expect(res.status, where).toBe(401);
  expect(res.body.code, where).toBe(401);
  expect(res.body.msg.length, where).toBeGreaterThan(0);
  expect(res.body.data, where).toBeUndefined();
}

/**
 * Inputs that name an object, per call. `others`: objects that belong to one user (an order, a quote, a message,
 * an upload), tried below with the victim's ids under another user's token. `public`: objects everyone may name
 * (a product, a pair, a deposit channel). Operator calls name any user's objects by design and are left out.
 */
const OBJECT_INPUTS: Partial<Record<CallName, { others?: string[]; public?: string[] }>> = {
  reservesProof: { public: ["snapshot_id"] },
  getUpDownOrder: { others: ["id"] },
  getUpDownOrderTicks: { others: ["id"] },
  exchange: { others: ["quote_id"] },
  submitDeposit: { others: ["images"], public: ["channel_id"] },
  submitRealName: { others: ["images"] },
  readMessage: { others: ["id"] },
  getStakingProduct: { public: ["id"] },
  subscribeStaking: { public: ["eid"] },
  placeUpDownOrder: { public: ["productid"] },
  getPair: { public: ["product_id"] },
  getCandles: { public: ["productid"] },
  sparklines: { public: ["productids"] },
  withdrawAddressDelete: { others: ["id"] },
  priceAlertDelete: { others: ["id"] },
  priceAlerts: { public: ["productid"] },
  priceAlertAdd: { public: ["productid"] },
  listTicks: { public: ["productid"] },
  listTickArchives: { public: ["productid"] },
};
const OBJECT_KEY = /(^|_)(id|eid|uid|productid|productids|images)$/;

/** The request another user sends to reach the victim's objects, and the valid request of every other call. */
function attackRequest(name: CallName): Request {
  const v = victim;
  const requests: Partial<Record<CallName, Request>> = {
    getUpDownOrder: { body: { id: v.orderId } },
    getUpDownOrderTicks: { body: { id: v.orderId } },
    exchange: { body: { quote_id: v.openQuoteId } },
    submitDeposit: { body: { channel_id: 1, amount: "10", images: [v.proofId] } },
    submitRealName: {
      body: { name: "Mallory Attacker", doc_type: "passport", doc_number: "E87654321", images: v.realNameImages },
    },
    readMessage: { query: { id: String(v.messageId) } },
    listMessages: { query: { cid: "3" } },
    getWithdrawalOptions: { body: { currency: "USDT" } },
    withdrawAddressDelete: { body: { id: v.savedAddressId } },
    priceAlertDelete: { body: { id: v.alertId } },
    listBills: { query: { page: "1", list: "100" } },
    // Operator calls aimed at the victim's objects: a user token must not get near them.
    adminUserShow: { body: { uid: v.user.userId } },
    adminUserBills: { body: { uid: v.user.userId } },
    adminUserOrders: { body: { uid: v.user.userId } },
    adminRechargeReview: { body: { id: v.pendingDepositId, action: "complete" } },
    adminWithdrawReview: { body: { id: v.withdrawalId, action: "complete" } },
    adminRealReview: { body: { id: v.realNameId, action: "complete" } },
    adminRechargeList: { body: { uid: v.user.userId } },
    adminWithdrawList: { body: { uid: v.user.userId } },
    adminRealList: { body: { uid: v.user.userId } },
    adminCredit: { body: { uid: v.user.userId, score: 0, reason: "takeover attempt" } },
  };
  return requests[name] ?? {};
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-authz-"));
  t = await startTestApp({ config: { dataDir }, clock });
  const opToken = await t.operatorToken();
  const op = bearer(opToken);
  const { market } = t.app.services;
  const pairs = await market.listPairs(1);
  const btc = pairs.find((p) => p.symbol === "BTC/USDT")!;

  // The victim: a deposit (done and pending), a withdrawal, an exchange and an open quote, an up/down order, a
  // staking order, a real-name submission and a personal message, each carrying a string nobody else has.
  const user = await signUp(t, `victim-${tag}@example.com`);
  const h = user.headers;
  await depositCompleted(t, user, opToken, "1000");
  const proof = await upload(t, user, { data: tinyPng({ size: 5 }) });
  const txid = `VICTIMTX${tag}`;
  const pending = await t.send("submitDeposit", {
    headers: h,
    body: { channel_id: 1, amount: "55.5", txid, images: [proof.body.data!.id] },
  });
  expect(pending.body.code, pending.body.msg).toBe(1);

  clock.advance(61_000);
  // The withdrawal goes to an address of the victim's book saved a day earlier (the clock is set back for it), as
  // withdrawals without two-step verification must (decision 031).
  const address = `0x${randomBytes(20).toString("hex")}`;
  const addressLabel = `VictimBook${tag}`;
  const now = clock.now();
  clock.set(now.getTime() - 24 * 60 * 60 * 1000);
  const saved = await t.send("withdrawAddressAdd", {
    headers: h,
    body: { currency: "USDT", network: "BEP20", address, label: addressLabel },
  });
  expect(saved.body.code, saved.body.msg).toBe(1);
  clock.set(now);
  const code = await emailedCode(t, user.email, "withdraw");
  const withdrawal = await t.send("requestWithdrawal", {
    headers: h,
    body: { currency: "USDT", network: "BEP20", address, amount: "20", code },
  });
  expect(withdrawal.body.code, withdrawal.body.msg).toBe(1);
  await market.recordQuotes([{ pairId: btc.id, price: "60000" }], clock.now());
  const alert = await t.send("priceAlertAdd", {
    headers: h,
    body: { productid: btc.id, direction: "above", price: "61234.56" },
  });
  expect(alert.body.code, alert.body.msg).toBe(1);

  const quote = async () => {
    const res = await t.send("quoteExchange", { headers: h, body: { from: "USDT", to: "BTC", amount: "60" } });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data!.quote_id;
  };
  const executed = await t.send("exchange", { headers: h, body: { quote_id: await quote() } });
  expect(executed.body.code, executed.body.msg).toBe(1);
  const openQuoteId = await quote();

  const order = await t.send("placeUpDownOrder", {
    headers: h,
    body: { productid: btc.id, direction: "up", amount: "10", seconds: 30 },
  });
  expect(order.body.code, order.body.msg).toBe(1);
  const product = (await t.app.services.staking.products("en")).find((p) => p.currency === "USDT")!;
  const staked = await t.send("subscribeStaking", { headers: h, body: { eid: product.id, money: product.min_amount } });
  expect(staked.body.code, staked.body.msg).toBe(1);

  const images: number[] = [];
  for (const size of [6, 7]) images.push((await upload(t, user, { data: tinyPng({ size }) })).body.data!.id);
  const realName = `Victim Zqxjv${tag.replace(/\d/g, "q")}`;
  const real = await t.send("submitRealName", {
    headers: h,
    body: { name: realName, doc_type: "passport", doc_number: "E24681357", images },
  });
  expect(real.body.code, real.body.msg).toBe(1);
  const realList = await t.send("adminRealList", { headers: op, body: { uid: user.userId } });
  const realNameId = realList.body.data!.items[0]!.id;

  const title = `VictimMessage${tag}`;
  const message = await t.send("adminMessage", {
    headers: op,
    body: { uid: user.userId, title, body: `Secret note ${tag}` },
  });
  expect(message.body.code, message.body.msg).toBe(1);

  victim = {
    user,
    orderId: order.body.data!.id,
    openQuoteId,
    messageId: message.body.data!.id,
    proofId: proof.body.data!.id,
    realNameImages: images,
    pendingDepositId: pending.body.data!.id,
    withdrawalId: withdrawal.body.data!.id,
    realNameId,
    savedAddressId: saved.body.data!.id,
    alertId: alert.body.data!.id,
    markers: [user.email, user.token, txid, address, realName, title, `Secret note ${tag}`, openQuoteId, addressLabel],
  };

  // The other user, with a little money so that its refusals are about ownership, not an empty balance.
  other = await signUp(t);
  await depositCompleted(t, other, opToken, "100");

  const ownToken = user.token;
  const expired = await loginAs(user);
  await expireUserToken(expired);
  const revoked = await loginAs(user);
  expect((await t.send("logout", { as: revoked })).body.code).toBe(1);
  const operatorExpired = await t.operatorToken();
  await expireOperatorToken(operatorExpired);
  const operatorRevoked = await t.operatorToken();
  expect((await t.send("adminLogout", { as: operatorRevoked })).body.code).toBe(1);
  const last = ownToken.at(-1) === "A" ? "B" : "A";

  Object.assign(tokens, {
    none: {},
    garbage: bearer("not a token; DROP TABLE sessions"),
    tampered: bearer(ownToken.slice(0, -1) + last),
    "unknown-operator-shape": bearer(`op_${randomBytes(32).toString("base64url")}`),
    "basic-scheme": { authorization: `Basic ${Buffer.from(`${user.email}:${user.password}`).toString("base64")}` },
    expired: bearer(expired),
    revoked: bearer(revoked),
    "other-user": other.headers,
    own: bearer(ownToken),
    operator: op,
    "operator-expired": bearer(operatorExpired),
    "operator-revoked": bearer(operatorRevoked),
  } satisfies Record<TokenKind, Record<string, string>>);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const LONE_OPERATOR = { email: "lone-operator@test.local", password: "lone-operator-password-1" };
async function loneOperatorToken() {
  const { admin } = t.app.services;
  await admin.ensureOperator(LONE_OPERATOR.email, LONE_OPERATOR.password);
  return (await admin.login(LONE_OPERATOR.email, LONE_OPERATOR.password, "127.0.0.1")).token;
}

/** Logging out ends the session it is called with, so each logout cell gets a fresh session of its kind. */
async function headersFor(kind: TokenKind, name: CallName): Promise<Record<string, string>> {
  if (name === "logout" && kind === "own") return bearer(await loginAs(victim.user));
  if (name === "logout" && kind === "other-user") return bearer(await loginAs(other));
  if (name === "adminLogout" && kind === "operator") return bearer(await t.operatorToken());
  // Signing out everywhere ends every session of its operator: an operator of its own, so the shared one stays.
  if (name === "adminSignOutEverywhere" && kind === "operator") return bearer(await loneOperatorToken());
  return tokens[kind];
}

const LIVE_USER: TokenKind[] = ["own", "other-user"];

describe("authorization matrix", () => {
  it("answers every call as its auth level says, for every kind of token", async () => {
    const entries = Object.entries(calls) as [CallName, CallDef][];
    expect(entries.length).toBeGreaterThan(60);
    for (const [name, call] of entries) {
      const anonymous = await send(call, {}, attackRequest(name));
      for (const kind of TOKEN_KINDS) {
        const where = `${name} (${call.auth}) with ${kind} token`;
        const headers = await headersFor(kind, name);
        // The victim's own token and an operator's on operator calls may see the victim; they send `{}` so as
        // not to change the victim's objects. Everyone else sends the request aimed at the victim's objects.
        const mayMutate = kind === "own" || (kind === "operator" && call.auth === "operator");
        const res = await send(call, headers, mayMutate ? {} : attackRequest(name));
        cells++;
        expect(res.status, where).toBeLessThan(500);
        expect(res.body.msg.length, where).toBeGreaterThan(0);
        if (!mayMutate) expectNoVictimData(res, where);
        switch (call.auth) {
          case "none":
            // Public calls ignore credentials altogether.
            expect(res.status, where).not.toBe(401);
            expect(res.body.code, where).toBe(anonymous.body.code);
            break;
          case "optional":
            expect(res.status, where).not.toBe(401);
            // A dead, foreign or operator token reads exactly what no token reads.
            if (!LIVE_USER.includes(kind)) expect(res.raw, where).toBe(anonymous.raw);
            break;
          case "user":
            if (LIVE_USER.includes(kind)) expect(res.status, where).not.toBe(401);
            else expectUnauthorized(res, where);
            break;
          case "operator":
            if (kind === "operator") expect(res.status, where).not.toBe(401);
            else expectUnauthorized(res, where);
            break;
        }
      }
    }
    expect(cells).toBe(entries.length * TOKEN_KINDS.length);
    // Every call times every kind of token, one after the other: 20 s in a full CI run, near the default 30 s bound.
  }, 120_000);

  it("classifies every input that names an object as the caller's own or public", () => {
    for (const [name, call] of Object.entries(calls) as [CallName, CallDef][]) {
      if (call.auth === "operator") continue;
      const keys = [...Object.keys(call.body?.shape ?? {}), ...Object.keys(call.query?.shape ?? {})];
      const named = keys.filter((k) => OBJECT_KEY.test(k));
      const classified = [...(OBJECT_INPUTS[name]?.others ?? []), ...(OBJECT_INPUTS[name]?.public ?? [])];
      expect(named.sort(), `${name}: classify its object inputs in OBJECT_INPUTS`).toEqual(classified.sort());
    }
  });

  it("never shows or touches another user's objects through their ids", async () => {
    const owned = (Object.entries(OBJECT_INPUTS) as [CallName, { others?: string[] }][]).filter(([, o]) => o.others);
    expect(owned.length).toBeGreaterThanOrEqual(6);
    for (const [name] of owned) {
      const call = calls[name] as CallDef;
      for (const kind of ["other-user", "none", "expired", "revoked", "operator"] as TokenKind[]) {
        const res = await send(call, tokens[kind], attackRequest(name));
        cells++;
        const where = `${name} with the victim's ids and a ${kind} token`;
        expect(res.status, where).toBeLessThan(500);
        expect(res.body.code, where).not.toBe(1);
        expect(res.body.data, where).toBeUndefined();
        expectNoVictimData(res, where);
      }
    }

    // The upload's bytes: its owner and operators only; everyone else gets the 404 of a file that does not exist.
    const file = FILE_ROUTE.replace(":id", String(victim.proofId));
    for (const kind of TOKEN_KINDS) {
      const res = await t.app.inject({ method: "GET", url: file, headers: tokens[kind] });
      cells++;
      const allowed = kind === "own" || kind === "operator";
      expect(res.statusCode, `${file} with ${kind} token`).toBe(allowed ? 200 : 404);
      if (allowed) expect(res.headers["content-type"]).toBe("image/png");
    }

    // Lists of one's own things hold none of the victim's.
    for (const [name, call] of Object.entries(calls) as [CallName, CallDef][]) {
      if (call.auth !== "user" && call.auth !== "optional") continue;
      if (name === "logout") continue;
      const res = await send(call, other.headers, attackRequest(name));
      cells++;
      expectNoVictimData(res, `${name} as the other user`);
    }
  });

  it("leaves the victim's objects as they were", async () => {
    const op = tokens.operator;
    const h = victim.user.headers;
    // The markers are really in the victim's own answers, so their absence above means something.
    const own = await Promise.all(
      (["getUserInfo", "listDeposits", "listWithdrawals", "getRealNameStatus"] as const).map((n) => send(calls[n], h)),
    );
    const mine = own.map((r) => r.raw).join("\n");
    for (const marker of victim.markers.slice(0, 5)) expect(mine).toContain(marker);
    const deposit = await t.send("adminRechargeList", { headers: op, body: { uid: victim.user.userId } });
    const deposits = deposit.body.data!.items;
    expect(deposits.find((d) => d.id === victim.pendingDepositId)).toMatchObject({ status: "pending" });
    const withdrawals = await t.send("listWithdrawals", { headers: h });
    expect(withdrawals.body.data!.items[0]).toMatchObject({ status: "pending" });
    expect((await t.send("getRealNameStatus", { headers: h })).body.data).toMatchObject({ status: "under_review" });
    expect((await t.send("getUserInfo", { headers: h })).body.data).toMatchObject({
      userinfo: { credit_score: 100 },
    });
    // The quote the other user tried is still the victim's to execute, once.
    const executed = await t.send("exchange", { headers: h, body: { quote_id: victim.openQuoteId } });
    expect(executed.body.code, executed.body.msg).toBe(1);
    const shown = await t.send("readMessage", { headers: h, query: { id: victim.messageId } });
    expect(shown.body.data).toMatchObject({ title: `VictimMessage${tag}` });
    // The other user's attempts left it with what it had.
    const info = await t.send("getUserInfo", { as: other });
    const balances = info.body.data!.users.balances;
    expect(balances.find((b) => b.currency === "USDT")).toMatchObject({ available: "100" });
    // The console still works with the operator's token after all of the above.
    expect((await t.send("adminDashboard", { headers: op })).body.code).toBe(1);
    console.log(`authorization matrix: ${cells} cells checked`);
  });
});
