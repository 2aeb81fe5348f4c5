import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls, type EmsEvent } from "@cryptos/contract";
import type { InjectOptions } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { operatorSessions, operators, sessions, users } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { AdminService } from "../src/modules/admin/service";
import { seedDatabase } from "../src/seed";
import { contractClient } from "./api-client";
import { depositCompleted, emailedCode } from "./funds-fixtures";
import { openTestDatabase, type TestApp } from "./helper";

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

async function call(
  pathname: string,
  options: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = { method: options.method ?? "POST", url: pathname, headers: options.headers };
  if (options.body !== undefined) request.payload = options.body as InjectOptions["payload"];
  const response = await t.app.inject(request);
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data?: unknown } };
}

/** An emailed code, remembered as a secret. */
async function mailedCode(email: string, event: EmsEvent): Promise<string> {
  const code = await emailedCode(t, email, event);
  codes.add(code);
  return code;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-redaction-"));
  const database = await openTestDatabase();
  await seedDatabase(database);
  const config = loadConfig({ LOG_LEVEL: "trace" }, { webDist: undefined, perIpLimits: false, dataDir });
  const app = await buildApp({
    config,
    database,
    clock,
    rateLimitPerMinute: 1_000_000,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
  t = {
    app,
    database,
    config,
    ...contractClient(app),
    call: (p, o) => call(p, o),
    operatorToken: () => Promise.reject(new Error("not used")),
    async close() {
      await app.close();
      await database.close();
    },
  };
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
    const registered = await call(calls.register.path, { body: { email, code: registerCode, password } });
    expect(registered.body.code, registered.body.msg).toBe(1);
    const firstToken = (registered.body.data as { userinfo: { token: string } }).userinfo.token;
    secrets.add(firstToken);

    // Password login, a wrong-password refusal, a malformed body, and a code login.
    const login = await call(calls.login.path, { body: { type: 1, username: email, password } });
    expect(login.body.code).toBe(1);
    const token = (login.body.data as { userinfo: { token: string } }).userinfo.token;
    secrets.add(token);
    const headers = { authorization: `Bearer ${token}` };
    const wrong = await call(calls.login.path, {
      body: { type: 1, username: email, password: "wrong-password-redaction-9" },
    });
    expect(wrong.body.code).toBe(0);
    secrets.add("wrong-password-redaction-9");
    const malformed = await call(calls.login.path, {
      body: { type: "9", username: email, password: "malformed-password-redaction-8" },
    });
    expect(malformed.body.code).toBe(0);
    secrets.add("malformed-password-redaction-8");
    clock.advance(61_000);
    const loginCode = await mailedCode(email, "login");
    const codeLogin = await call(calls.login.path, { body: { type: 2, username: email, code: loginCode } });
    expect(codeLogin.body.code, codeLogin.body.msg).toBe(1);
    secrets.add((codeLogin.body.data as { userinfo: { token: string } }).userinfo.token);
    // The legacy `token` header and a call made with it.
    expect((await call(calls.userinfo.path, { headers: { token } })).body.code).toBe(1);

    // The operator: password login, TOTP set up and enabled, then a password + TOTP login.
    const admin = new AdminService(t.database.db, clock);
    await admin.ensureOperator(OPERATOR.email, OPERATOR.password);
    secrets.add(OPERATOR.password);
    const opLogin = await call(calls.adminLogin.path, { body: OPERATOR });
    expect(opLogin.body.code, opLogin.body.msg).toBe(1);
    const firstOpToken = (opLogin.body.data as { token: string }).token;
    secrets.add(firstOpToken);
    const setup = await call(calls.adminTotpSetup.path, { headers: { authorization: `Bearer ${firstOpToken}` } });
    const totpSecret = (setup.body.data as { secret: string }).secret;
    secrets.add(totpSecret);
    const totpAt = () => {
      const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: clock.now().getTime() });
      codes.add(code);
      return code;
    };
    const enabled = await call(calls.adminTotpEnable.path, {
      headers: { authorization: `Bearer ${firstOpToken}` },
      body: { code: totpAt() },
    });
    expect(enabled.body.code, enabled.body.msg).toBe(1);
    clock.advance(STEP_MS);
    const opLogin2 = await call(calls.adminLogin.path, { body: { ...OPERATOR, totp: totpAt() } });
    expect(opLogin2.body.code, opLogin2.body.msg).toBe(1);
    const opToken = (opLogin2.body.data as { token: string }).token;
    secrets.add(opToken);
    const op = { authorization: `Bearer ${opToken}` };

    // The user turns two-step verification on (secret, first code and recovery codes are secrets too), then makes
    // a deposit completed by the operator and a withdrawal to a typed address, confirmed with an emailed code and
    // an authenticator code (without two-step verification only matured book addresses are allowed: decision 031).
    const userSetup = await call(calls.totpSetup.path, { headers, body: { password } });
    const userSecret = (userSetup.body.data as { secret: string }).secret;
    secrets.add(userSecret);
    const userTotpAt = () => {
      const code = TOTP.generate({ secret: Secret.fromBase32(userSecret), timestamp: clock.now().getTime() });
      codes.add(code);
      return code;
    };
    const userEnabled = await call(calls.totpEnable.path, { headers, body: { code: userTotpAt() } });
    expect(userEnabled.body.code, userEnabled.body.msg).toBe(1);
    for (const recovery of (userEnabled.body.data as { recovery_codes: string[] }).recovery_codes) {
      secrets.add(recovery);
    }
    await depositCompleted(t, { headers }, op, "100");
    clock.advance(61_000);
    const withdrawCode = await mailedCode(email, "withdraw");
    const withdrawal = await call("/api/index/dowithdraw", {
      headers,
      body: { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code: withdrawCode, totp: userTotpAt() },
    });
    expect(withdrawal.body.code, withdrawal.body.msg).toBe(1);
    expect((await call("/api/admin/ledger/health", { headers: op })).body.code).toBe(1);

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
});
