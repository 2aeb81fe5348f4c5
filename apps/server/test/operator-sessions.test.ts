import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { startTestApp, type TestApp } from "./helper";

/**
 * Issue 38, item 2: a stolen operator session cannot take the console. TOTP changes ask for the operator's
 * password and sign the operator's other sessions out; a password set from the command line signs all of them out;
 * sessions end after OPERATOR_IDLE_MINUTES unused; the operator sees its sessions and can sign out everywhere.
 */

const STEP_MS = 30_000;
const MINUTE_MS = 60_000;
// Five seconds into a 30-second step, so that advancing by whole steps never lands on a boundary.
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
const OPERATOR = { email: "sessions@test.local", password: "sessions-test-password-1" };
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
/** Another operator's session: nothing this operator does may end it. */
let bystander: string;

beforeAll(async () => {
  t = await startTestApp({ clock, config: { operatorIdleMinutes: 30 } });
  await t.app.services.admin.ensureOperator(OPERATOR.email, OPERATOR.password);
  bystander = await t.operatorToken();
});
afterAll(async () => {
  await t?.close();
});

const codeAt = (secret: string, at = clock.now().getTime()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

async function signIn(totp?: string, userAgent = BROWSER): Promise<string> {
  const res = await t.send("adminLogin", {
    body: { ...OPERATOR, ...(totp === undefined ? {} : { totp }) },
    headers: { "user-agent": userAgent },
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!.token;
}

/** The HTTP status of a call made with the token: 200 while its session lives, 401 once it has ended. */
const statusOf = async (token: string) => (await t.send("adminOperators", { as: token })).status;

const auditOf = async (action: string) =>
  (await t.api("adminAuditList", { as: bystander, body: { action } })).items.filter(
    (entry) => entry.target_id === String(operatorId),
  );
let operatorId = 0;

describe("operator TOTP changes need the password", () => {
  let secret = "";

  it("refuses setup, enable and disable to the session alone or with a wrong password", async () => {
    const token = await signIn();
    operatorId = (await t.app.services.admin.resolveSession(token))!.operatorId;

    const bare = await t.send("adminTotpSetup", { as: token });
    expect(bare.body).toEqual({
      code: 0,
      msg: "Enter your password to confirm this change",
      data: { reauth: "password" },
    });
    const wrong = await t.send("adminTotpSetup", { as: token, body: { password: "guessed-password-1" } });
    expect(wrong.body).toEqual({ code: 0, msg: "The current password is incorrect", data: { reauth: "password" } });
    const translated = await t.send("adminTotpSetup", { as: token, headers: { lang: "de" } });
    expect(translated.body.msg).not.toBe(bare.body.msg);

    const setup = await t.send("adminTotpSetup", { as: token, body: { password: OPERATOR.password } });
    expect(setup.body.code, setup.body.msg).toBe(1);
    secret = setup.body.data!.secret;

    const enableBare = await t.send("adminTotpEnable", { as: token, body: { code: codeAt(secret) } });
    expect(enableBare.body).toMatchObject({ code: 0, data: { reauth: "password" } });
    const enableWrong = await t.send("adminTotpEnable", {
      as: token,
      body: { code: codeAt(secret), password: "guessed-password-2" },
    });
    expect(enableWrong.body).toMatchObject({ code: 0, msg: "The current password is incorrect" });
    const [me] = (await t.api("adminOperators", { as: token })).items.filter((o) => o.email === OPERATOR.email);
    expect(me!.totp_enabled).toBe(false);

    const failed = await auditOf("operator.reauth_failed");
    expect(failed.map((entry) => (entry.after as { change: string }).change).sort()).toEqual([
      "totp_enable",
      "totp_setup",
    ]);
  });

  it("turning TOTP on signs the operator's other sessions out; the one that did it stays", async () => {
    const making = await signIn();
    const others = [await signIn(), await signIn()];
    // A new setup from the session that will turn it on (the pending secret is the operator's).
    const setup = await t.send("adminTotpSetup", { as: making, body: { password: OPERATOR.password } });
    secret = setup.body.data!.secret;
    for (const token of [making, ...others]) expect(await statusOf(token)).toBe(200);

    const on = await t.send("adminTotpEnable", {
      as: making,
      body: { code: codeAt(secret), password: OPERATOR.password },
    });
    expect(on.body).toMatchObject({ code: 1, data: { totp_enabled: true } });
    for (const token of others) expect(await statusOf(token)).toBe(401);
    expect(await statusOf(making)).toBe(200);
    expect(await statusOf(bystander)).toBe(200);

    const [enabled] = await auditOf("operator.totp_enable");
    expect(enabled).toMatchObject({ before: { totp_enabled: false } });
    // The two from this test and the one the first test left signed in.
    expect(enabled!.after).toEqual({ totp_enabled: true, sessions_ended: 3 });
  });

  it("turning TOTP off needs the password too, and signs the other sessions out", async () => {
    clock.advance(STEP_MS);
    const making = await signIn(codeAt(secret));
    clock.advance(STEP_MS);
    const other = await signIn(codeAt(secret));
    clock.advance(STEP_MS);

    const bare = await t.send("adminTotpDisable", { as: making, body: { code: codeAt(secret) } });
    expect(bare.body).toMatchObject({ code: 0, data: { reauth: "password" } });
    // The refused attempt did not spend the code: with the password, the same code turns TOTP off.
    const off = await t.send("adminTotpDisable", {
      as: making,
      body: { code: codeAt(secret), password: OPERATOR.password },
    });
    expect(off.body).toMatchObject({ code: 1, data: { totp_enabled: false } });
    expect(await statusOf(other)).toBe(401);
    expect(await statusOf(making)).toBe(200);
    expect(await statusOf(bystander)).toBe(200);
    const [disabled] = await auditOf("operator.totp_disable");
    expect(disabled!.after).toEqual({ totp_enabled: false, sessions_ended: 2 });
  });
});

describe("operator sessions", () => {
  it("end after 30 minutes unused; each use keeps them going", async () => {
    const token = await signIn();
    clock.advance(29 * MINUTE_MS);
    expect(await statusOf(token)).toBe(200);
    clock.advance(29 * MINUTE_MS);
    expect(await statusOf(token)).toBe(200);
    clock.advance(30 * MINUTE_MS);
    const idle = await t.send("adminOperators", { as: token });
    expect(idle.status).toBe(401);
    expect(idle.body).toMatchObject({ code: 401, msg: "Your session has expired, please sign in again" });
    // Ended for good: a later use does not bring it back.
    expect(await statusOf(token)).toBe(401);
    expect(await statusOf(bystander)).toBe(401);
    bystander = await t.operatorToken();
  });

  it("writes the last use at most once a minute", async () => {
    const token = await signIn();
    const lastUsed = async () =>
      (await t.api("adminSessions", { as: token })).items.find((s) => s.current)!.last_used_at;
    const opened = clock.now().toISOString();
    clock.advance(59_000);
    expect(await lastUsed()).toBe(opened);
    clock.advance(2_000);
    const used = clock.now().toISOString();
    expect(await lastUsed()).toBe(used);
    clock.advance(30 * MINUTE_MS);
    expect(await statusOf(token)).toBe(401);
    bystander = await t.operatorToken();
  });

  it("lists the operator's live sessions: created, last used, address, device, the calling one marked", async () => {
    const first = await signIn();
    clock.advance(2 * MINUTE_MS);
    const second = await signIn(undefined, "cryptos-script/1.0");
    const ended = await signIn();
    expect((await t.send("adminLogout", { as: ended })).body.code).toBe(1);

    const list = await t.api("adminSessions", { as: first });
    const mine = list.items;
    // Every other session of this operator ended with the idle timeout above, or was logged out.
    expect(list.total).toBe(2);
    expect(mine).toHaveLength(2);
    const [latest, earlier] = mine;
    expect(latest).toEqual({
      id: expect.any(Number),
      created_at: clock.now().toISOString(),
      last_used_at: clock.now().toISOString(),
      ip: "127.0.0.1",
      user_agent: "cryptos-script/1.0",
      device: { browser: null, os: null },
      current: false,
    });
    expect(earlier).toMatchObject({
      current: true,
      user_agent: BROWSER,
      device: { browser: expect.stringMatching(/Chrome/), os: expect.stringMatching(/mac/i) },
    });
    expect((await t.api("adminSessions", { as: second })).items.map((s) => s.current)).toEqual([true, false]);
    // Another operator sees only its own.
    const theirs = await t.api("adminSessions", { as: bystander });
    expect(theirs.items.every((s) => s.id !== latest!.id && s.id !== earlier!.id)).toBe(true);
  });

  it("signs out everywhere: every session of the operator ends, this one too, audited", async () => {
    const tokens = [await signIn(), await signIn(), await signIn()];
    const res = await t.send("adminSignOutEverywhere", { as: tokens[0]! });
    // The three here and the two the list test left.
    expect(res.body).toMatchObject({ code: 1, data: { revoked: 5 } });
    for (const token of tokens) expect(await statusOf(token)).toBe(401);
    expect(await statusOf(bystander)).toBe(200);
    const [entry] = await auditOf("operator.sign_out_everywhere");
    expect(entry).toMatchObject({ operator_email: OPERATOR.email, after: { sessions_ended: 5 } });
  });

  it("a password set from the command line (operator create) signs every session out; a start with the same password does not", async () => {
    const { admin } = t.app.services;
    const kept = await signIn();
    // A start with OPERATOR_PASSWORD unchanged leaves the sessions alone.
    await admin.ensureOperator(OPERATOR.email, OPERATOR.password);
    expect(await statusOf(kept)).toBe(200);

    const tokens = [kept, await signIn()];
    const result = await admin.setPassword(OPERATOR.email, "sessions-new-password-2");
    expect(result).toMatchObject({ created: false, sessionsEnded: 2 });
    for (const token of tokens) expect(await statusOf(token)).toBe(401);
    expect(await statusOf(bystander)).toBe(200);
    expect((await t.send("adminLogin", { body: OPERATOR })).body.code).toBe(0);
    const [entry] = await auditOf("operator.password_set");
    expect(entry).toMatchObject({ operator_id: null, reason: "cli", after: { created: false, sessions_ended: 2 } });

    // A start with a changed OPERATOR_PASSWORD does the same.
    const fresh = (await admin.login(OPERATOR.email, "sessions-new-password-2", "127.0.0.1")).token;
    await admin.ensureOperator(OPERATOR.email, OPERATOR.password);
    expect(await statusOf(fresh)).toBe(401);
    expect(await statusOf(await signIn())).toBe(200);
  });
});
