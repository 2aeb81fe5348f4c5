import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls, type EmsEvent } from "@cryptos/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorSessions, operators, sessions, users } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { savedAddress } from "./factories/address";
import { depositCompleted, emailedCode } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";

/**
 * Issue #11: secrets never reach the logs. The app runs with its own logger options (the redact list of app.ts) at
 * level "trace", writing to memory; the test then walks through sign-up, password and code logins, a withdrawal
 * with an emailed code and the user's TOTP, and an operator's password + TOTP login, and looks for every secret it saw (tokens,
 * passwords, emailed codes, TOTP secret and codes, session and password hashes) in every captured line.
 */

const STEP_MS = 30_000;
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OPERATOR = { email: "redaction-ops@test.local", password: "redaction-operator-password-1" };

const lines: string[] = [];
/** Long secrets: any occurrence in a line is a leak. */
const secrets = new Set<string>();
/** Six-digit codes: a leak when they stand alone (not inside a longer number such as a timestamp). */
const codes = new Set<string>();
let t: TestApp;
let dataDir: string;

/** An emailed code, remembered as a secret. */
async function mailedCode(email: string, event: EmsEvent): Promise<string> {
  const code = await emailedCode(t, email, event);
  codes.add(code);
  return code;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-redaction-"));
  t = await startTestApp({ config: { dataDir }, clock, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("log redaction", () => {
  it("writes no token, password, code, TOTP secret or session hash to the log at level trace", async () => {
    // Sign-up with an emailed code.
    const email = "redaction-user@example.com";
    const password = "redaction-user-password-1";
    secrets.add(password);
    const registerCode = await mailedCode(email, "register");
    const registered = await t.send("register", { body: { email, code: registerCode, password } });
    expect(registered.body.code, registered.body.msg).toBe(1);
    const firstToken = registered.body.data!.userinfo.token;
    secrets.add(firstToken);

    // Password login, a wrong-password refusal, a malformed body, and a code login.
    const login = await t.send("login", { body: { type: 1, username: email, password } });
    expect(login.body.code).toBe(1);
    const token = login.body.data!.userinfo.token;
    secrets.add(token);
    const wrong = await t.send("login", {
      body: { type: 1, username: email, password: "wrong-password-redaction-9" },
    });
    expect(wrong.body.code).toBe(0);
    secrets.add("wrong-password-redaction-9");
    // Raw: a login type of the wrong kind.
    const malformed = await t.call(calls.login.path, {
      body: { type: "9", username: email, password: "malformed-password-redaction-8" },
    });
    expect(malformed.body.code).toBe(0);
    secrets.add("malformed-password-redaction-8");
    clock.advance(61_000);
    const loginCode = await mailedCode(email, "login");
    const codeLogin = await t.send("login", { body: { type: 2, username: email, code: loginCode } });
    expect(codeLogin.body.code, codeLogin.body.msg).toBe(1);
    secrets.add(codeLogin.body.data!.userinfo.token);
    // The legacy `token` header and a call made with it.
    expect((await t.send("getUserInfo", { headers: { token } })).body.code).toBe(1);

    // The operator: password login, TOTP set up and enabled, then a password + TOTP login.
    await t.app.services.admin.ensureOperator(OPERATOR.email, OPERATOR.password);
    secrets.add(OPERATOR.password);
    const opLogin = await t.send("adminLogin", { body: OPERATOR });
    expect(opLogin.body.code, opLogin.body.msg).toBe(1);
    const firstOpToken = opLogin.body.data!.token;
    secrets.add(firstOpToken);
    const setup = await t.send("adminTotpSetup", { as: firstOpToken, body: { password: OPERATOR.password } });
    const totpSecret = setup.body.data!.secret;
    secrets.add(totpSecret);
    const totpAt = () => {
      const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: clock.now().getTime() });
      codes.add(code);
      return code;
    };
    const enabled = await t.send("adminTotpEnable", {
      as: firstOpToken,
      body: { code: totpAt(), password: OPERATOR.password },
    });
    expect(enabled.body.code, enabled.body.msg).toBe(1);
    clock.advance(STEP_MS);
    const opLogin2 = await t.send("adminLogin", { body: { ...OPERATOR, totp: totpAt() } });
    expect(opLogin2.body.code, opLogin2.body.msg).toBe(1);
    const opToken = opLogin2.body.data!.token;
    secrets.add(opToken);

    // The user turns two-step verification on (secret, first code and recovery codes are secrets too), then makes
    // a deposit completed by the operator, saves an address with an authenticator code and withdraws to it,
    // confirmed with an emailed code and another authenticator code (decision 120).
    const userSetup = await t.send("totpSetup", { as: token, body: { password } });
    const userSecret = userSetup.body.data!.secret;
    secrets.add(userSecret);
    const userTotpAt = () => {
      const code = TOTP.generate({ secret: Secret.fromBase32(userSecret), timestamp: clock.now().getTime() });
      codes.add(code);
      return code;
    };
    const userEnabled = await t.send("totpEnable", { as: token, body: { code: userTotpAt() } });
    expect(userEnabled.body.code, userEnabled.body.msg).toBe(1);
    for (const recovery of userEnabled.body.data!.recovery_codes) {
      secrets.add(recovery);
    }
    await depositCompleted(t, token, opToken, "100");
    // Saved with the authenticator's code, so usable at once (decision 120); the withdrawal takes a later step's.
    clock.advance(30_000);
    await savedAddress(t, token, { address: TRON, totp: userTotpAt() });
    clock.advance(61_000);
    const withdrawCode = await mailedCode(email, "withdraw");
    const withdrawal = await t.send("requestWithdrawal", {
      as: token,
      body: { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code: withdrawCode, totp: userTotpAt() },
    });
    expect(withdrawal.body.code, withdrawal.body.msg).toBe(1);
    expect((await t.send("adminLedgerHealth", { as: opToken })).body.code).toBe(1);

    // Session and password hashes as stored.
    for (const r of await t.database.db.select({ h: sessions.tokenHash }).from(sessions)) secrets.add(r.h);
    for (const r of await t.database.db.select({ h: operatorSessions.tokenHash }).from(operatorSessions))
      secrets.add(r.h);
    for (const r of await t.database.db.select({ h: operators.passwordHash }).from(operators)) secrets.add(r.h);
    for (const r of await t.database.db.select({ h: users.passwordHash }).from(users)) if (r.h) secrets.add(r.h);

    // The log is not empty (the requests above were logged), and no line carries a secret.
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes("/api/admin/login"))).toBe(true);
    const leaks: string[] = [];
    for (const line of lines) {
      for (const s of secrets) if (line.includes(s)) leaks.push(`${s.slice(0, 12)}… in ${line.slice(0, 300)}`);
      for (const c of codes) if (new RegExp(`(?<![0-9.])${c}(?![0-9.])`).test(line)) leaks.push(`${c} in ${line}`);
    }
    expect(leaks.slice(0, 5)).toEqual([]);
    expect(secrets.size).toBeGreaterThan(8);
  });

  it("logs a failed query by its SQL and the database's error, never its parameters (the row it wrote)", async () => {
    const email = "redaction-failed-query@example.com";
    const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$redaction-failed-query-secret-hash";
    await t.database.db.insert(users).values({ email });
    const failure = await t.database.db
      .insert(users)
      .values({ email, passwordHash })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    const from = lines.length;
    // As a worker's loop logs a pass that failed (workers/loop.ts).
    t.app.log.error({ worker: "redaction", err: failure }, "worker pass failed");
    const line = lines.slice(from).join("");
    const { err } = JSON.parse(line) as { err: { message: string; cause: { message: string; code: string } } };
    expect(err.message).toMatch(/^Failed query: insert into "users" .* \(parameters not logged\)$/);
    expect(err.cause).toMatchObject({ code: "23505", message: expect.stringMatching(/^duplicate key value/) });
    expect(line).not.toContain(passwordHash);
    expect(line).not.toContain(email);
  });
});
