import { type CallName, calls } from "@cryptos/contract";
import { Secret, TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import type { ApiOptions } from "./api-client";
import { startTestApp, TEST_OPERATOR, type TestApp } from "./helper";
import { signUp } from "./sign-up";

const STEP_MS = 30_000;
// Five seconds into a 30-second step, so that advancing by whole steps never lands on a boundary.
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
const OPERATOR = { email: "totp@test.local", password: "totp-test-password-1" };

let t: TestApp;
let op: string;
/** Every answer after setup, to check that the secret never travels again. */
const answers: unknown[] = [];

/** Sends a call by name and keeps its answer. */
async function send<N extends CallName>(name: N, options?: ApiOptions<N>) {
  const res = await t.send(name, options);
  answers.push(res.body);
  return res;
}
const login = (totp?: string) => send("adminLogin", { body: { ...OPERATOR, ...(totp === undefined ? {} : { totp }) } });
const codeAt = (secret: string, at = clock.now().getTime()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

beforeAll(async () => {
  t = await startTestApp({ clock });
  const { admin } = t.app.services;
  await admin.ensureOperator(OPERATOR.email, OPERATOR.password);
  op = (await admin.login(OPERATOR.email, OPERATOR.password, "127.0.0.1")).token;
});
afterAll(async () => {
  await t?.close();
});

describe("operator two-step sign-in (TOTP)", () => {
  let secret = "";

  it("refuses the TOTP and operators calls to a user token and to no token", async () => {
    const user = await signUp(t);
    const totpCalls = [calls.adminTotpSetup, calls.adminTotpEnable, calls.adminTotpDisable, calls.adminOperators];
    for (const c of totpCalls) {
      for (const h of [user.headers, {}]) {
        const res = await t.call(c.path, { method: c.method, headers: h, body: c.method === "POST" ? {} : undefined });
        expect(res.status, c.path).toBe(401);
      }
    }
  });

  it("sets up a pending secret that does not change login until a code confirms it", async () => {
    const setup = await t.send("adminTotpSetup", { as: op, body: { password: OPERATOR.password } });
    expect(setup.body.code).toBe(1);
    const data = setup.body.data!;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(data.otpauth_uri) as TOTP;
    expect(parsed.secret.base32).toBe(data.secret);
    expect(parsed).toMatchObject({ issuer: "Cryptos", label: OPERATOR.email, digits: 6, period: 30 });
    secret = data.secret;

    expect((await login()).body.code).toBe(1);
    const disable = await send("adminTotpDisable", {
      as: op,
      body: { code: codeAt(secret), password: OPERATOR.password },
    });
    expect(disable.body).toEqual({ code: 0, msg: "Two-step sign-in is not on" });
  });

  it("enables only with a current code of the pending secret", async () => {
    const malformed = await send("adminTotpEnable", { as: op, body: { code: "12", password: OPERATOR.password } });
    expect(malformed.body.code).toBe(0);
    expect(malformed.body.msg).toMatch(/code/);
    const stale = codeAt(secret, clock.now().getTime() - 3 * STEP_MS);
    const wrong = await send("adminTotpEnable", { as: op, body: { code: stale, password: OPERATOR.password } });
    expect(wrong.body).toEqual({ code: 0, msg: "The authentication code is wrong or has already been used" });

    const enabled = await send("adminTotpEnable", {
      as: op,
      body: { code: codeAt(secret), password: OPERATOR.password },
    });
    expect(enabled.body).toMatchObject({ code: 1, data: { totp_enabled: true } });
    const again = await send("adminTotpSetup", { as: op, body: { password: OPERATOR.password } });
    expect(again.body).toEqual({ code: 0, msg: "Two-step sign-in is already on; turn it off first" });
  });

  it("asks for the code at login, refuses a wrong or replayed one, and accepts a fresh one once", async () => {
    const missing = await login();
    expect(missing.body).toEqual({
      code: 0,
      msg: "Enter the 6-digit code from your authenticator app",
      data: { totp_required: true },
    });
    const translated = await send("adminLogin", { body: OPERATOR, headers: { lang: "de" } });
    expect(translated.body.msg).toBe("Gib den 6-stelligen Code aus deiner Authenticator-App ein");

    const wrongCode = codeAt(secret, clock.now().getTime() + 10 * STEP_MS);
    const wrong = await login(wrongCode);
    expect(wrong.body).toEqual({
      code: 0,
      msg: "The authentication code is wrong or has already been used",
      data: { totp_required: true },
    });
    // The code that turned TOTP on is used up.
    expect((await login(codeAt(secret))).body.data).toEqual({ totp_required: true });
    // A wrong password with TOTP on still says only that the password is wrong.
    const badPassword = await send("adminLogin", { body: { ...OPERATOR, password: "nope", totp: "000000" } });
    expect(badPassword.body).toEqual({ code: 0, msg: "Email or password is incorrect" });

    clock.advance(STEP_MS);
    const fresh = codeAt(secret);
    const ok = await login(fresh);
    expect(ok.body.code).toBe(1);
    expect(ok.body.data!.token).toMatch(/^op_/);
    expect((await login(fresh)).body).toMatchObject({ code: 0, data: { totp_required: true } });
    // An earlier code still inside the window is refused once a later one was accepted.
    expect((await login(codeAt(secret, clock.now().getTime() - STEP_MS))).body.code).toBe(0);
    // The next step's code (a clock slightly ahead) is accepted.
    expect((await login(codeAt(secret, clock.now().getTime() + STEP_MS))).body.code).toBe(1);
  });

  it("lists operators with whether TOTP is on, and audits setup and enable", async () => {
    const list = await send("adminOperators", { as: op });
    expect(list.body.code).toBe(1);
    const items = list.body.data!.items;
    expect(items.find((o) => o.email === OPERATOR.email)).toEqual({
      id: expect.any(Number),
      email: OPERATOR.email,
      totp_enabled: true,
      created_at: expect.any(String),
    });
    expect(items.every((o) => Object.keys(o).sort().join() === "created_at,email,id,totp_enabled")).toBe(true);

    for (const action of ["operator.totp_setup", "operator.totp_enable"]) {
      const audit = await send("adminAuditList", { as: op, body: { action } });
      const entries = audit.body.data!.items;
      expect(entries, action).toHaveLength(1);
      expect(entries[0]).toMatchObject({ operator_email: OPERATOR.email, target_type: "operator" });
    }
    const failed = await send("adminAuditList", { as: op, body: { action: "operator.login_failed" } });
    expect(failed.body.data!.total).toBeGreaterThanOrEqual(3);
  });

  it("disables with a current unused code, forgets the secret, and audits it", async () => {
    clock.advance(2 * STEP_MS);
    expect(
      (await send("adminTotpDisable", { as: op, body: { code: codeAt(secret, 0), password: OPERATOR.password } })).body,
    ).toMatchObject({
      code: 0,
    });
    const code = codeAt(secret);
    expect((await login(code)).body.code).toBe(1);
    // The code just used at login cannot also turn TOTP off.
    expect((await send("adminTotpDisable", { as: op, body: { code, password: OPERATOR.password } })).body.code).toBe(0);
    clock.advance(STEP_MS);
    const off = await send("adminTotpDisable", { as: op, body: { code: codeAt(secret), password: OPERATOR.password } });
    expect(off.body).toMatchObject({ code: 1, data: { totp_enabled: false } });
    expect((await login()).body.code).toBe(1);
    const audit = await send("adminAuditList", { as: op, body: { action: "operator.totp_disable" } });
    expect(audit.body.data!.total).toBe(1);
    // A second setup issues a new secret.
    const setup = await t.send("adminTotpSetup", { as: op, body: { password: OPERATOR.password } });
    expect(setup.body.data!.secret).not.toBe(secret);
  });

  it("never answers the secret after setup", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(secret);
  });

  it("locks an email after ten failed logins for fifteen minutes", async () => {
    const { admin } = t.app.services;
    await admin.ensureOperator("locked@test.local", TEST_OPERATOR.password);
    const attempt = (password: string) => t.send("adminLogin", { body: { email: "locked@test.local", password } });
    for (let i = 0; i < 10; i++) expect((await attempt("wrong-password")).body.code).toBe(0);
    expect((await attempt(TEST_OPERATOR.password)).body).toEqual({
      code: 0,
      msg: "Too many failed attempts; please try again in 15 minutes",
    });
    clock.advance(15 * 60_000 + 1_000);
    expect((await attempt(TEST_OPERATOR.password)).body.code).toBe(1);
  });
});
