import { calls } from "@cryptos/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes, operators } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import { emailedCode } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";

/**
 * Sign-in limits under attack (issue 20, items 5 and 8): each limit holds when the guesses arrive all at once, and
 * an attacker's failures from one address lock that address out of the account, not the account's owner.
 */

const PASSWORD = "correct horse 42";
const OPERATOR = { email: "lockout-ops@test.local", password: "operator-lockout-password-1" };
const LOCKED = /^Too many failed attempts; please try again in 1[45] minutes$/;
const SLOWED = /^Too many failed attempts on this account; please try again in (\d+) seconds?$/;
const WRONG = "Email or password is incorrect";
const CODE_WRONG = "The code is incorrect or has expired";

let t: TestApp;
const clock = new ManualClock(Date.now() + 60_000);
let seq = 0;
const newEmail = () => `lockout${Date.now()}x${++seq}@example.com`;
/** A fresh client address: 10.x.y.z, never used twice in this file. */
let addresses = 0;
const newAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

type Answer = { code: number; msg: string; data?: unknown };
/** POSTs `body` to `path` as a client at `ip`. */
async function callFrom(ip: string, path: string, body: unknown): Promise<Answer> {
  const res = await t.app.inject({ method: "POST", url: path, payload: body as object, remoteAddress: ip });
  expect(res.statusCode).toBeLessThan(500);
  return res.json();
}
const passwordLogin = (ip: string, username: string, password: string) =>
  callFrom(ip, "/api/user/login", { type: 1, username, password });
const codeLogin = (ip: string, username: string, code: string) =>
  callFrom(ip, "/api/user/login", { type: 2, username, code });
const operatorLogin = (ip: string, email: string, password: string) =>
  callFrom(ip, calls.adminLogin.path, { email, password });

async function registered(): Promise<string> {
  const email = newEmail();
  const code = await emailedCode(t, email, "register");
  const res = await t.send("register", { body: { email, code, password: PASSWORD } });
  expect(res.body.code).toBe(1);
  return email;
}

const tally = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = a.code === 1 ? "ok" : a.msg;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

/** The seconds a "slowed down" refusal asks to wait; fails the test (before the clock moves) for any other answer. */
function waitOf(answer: Answer): number {
  expect(answer.code).toBe(0);
  expect(answer.msg).toMatch(SLOWED);
  return Number(SLOWED.exec(answer.msg)?.[1]);
}

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

beforeAll(async () => {
  t = await startTestApp({ clock });
  await t.app.services.admin.ensureOperator(OPERATOR.email, OPERATOR.password);
});
afterAll(async () => {
  await t?.close();
});

describe("sign-in limits hold under concurrency (item 5)", () => {
  it("checks at most five of 20 parallel wrong passwords from one address", async () => {
    const email = await registered();
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => passwordLogin(ip, email, `wrong-password-${i}`)),
    );
    const counts = tally(answers);
    // "Email or password is incorrect" is answered only after a password check; the rest were refused before it.
    expect(counts.get(WRONG)).toBe(5);
    expect([...counts.keys()].filter((k) => k !== WRONG).every((k) => LOCKED.test(k))).toBe(true);
    expect((await passwordLogin(ip, email, PASSWORD)).msg).toMatch(LOCKED);
  });

  it("records at most five guesses of an emailed code when 300 arrive at once", async () => {
    const email = newEmail();
    const code = await emailedCode(t, email, "register");
    const wrong = wrongCodeFor(code);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        callFrom(newAddress(), "/api/user/register", { email, code: wrong, password: PASSWORD }),
      ),
    );
    expect(answers.every((a) => a.code === 0 && a.msg === CODE_WRONG)).toBe(true);
    const [row] = await t.database.db
      .select({ attempts: emailCodes.attempts })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.event, "register")));
    expect(row?.attempts).toBe(5);
    // Dead after five wrong guesses, even for the right code.
    const right = await callFrom(newAddress(), "/api/user/register", { email, code, password: PASSWORD });
    expect(right).toMatchObject({ code: 0, msg: CODE_WRONG });
  });

  it("records at most five guesses of a login code sent from 300 addresses at once", async () => {
    const email = await registered();
    clock.advance(60_000);
    const code = await emailedCode(t, email, "login");
    const wrong = wrongCodeFor(code);
    const answers = await Promise.all(Array.from({ length: 300 }, () => codeLogin(newAddress(), email, wrong)));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const [row] = await t.database.db
      .select({ attempts: emailCodes.attempts })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.event, "login")));
    expect(row?.attempts).toBeLessThanOrEqual(5);
    clock.advance(16 * 60_000);
  });

  it("checks at most ten of 30 parallel wrong operator passwords from one address", async () => {
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => operatorLogin(ip, OPERATOR.email, `wrong-password-${i}`)),
    );
    const counts = tally(answers);
    expect(counts.get(WRONG)).toBe(10);
    expect([...counts.keys()].filter((k) => k !== WRONG).every((k) => LOCKED.test(k))).toBe(true);
    clock.advance(16 * 60_000);
  });
});

describe("lockouts cannot be used against the owner (item 8)", () => {
  it("an attacker's wrong passwords lock the attacker's address, not the owner's", async () => {
    const email = await registered();
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) expect((await passwordLogin(attacker, email, `guess-${i}-pass`)).msg).toBe(WRONG);
    // The attacker is locked out of this account, even with the right password...
    expect((await passwordLogin(attacker, email, PASSWORD)).msg).toMatch(LOCKED);
    // ...and of its code login, but the owner signs in from their own address at once, both ways.
    expect((await codeLogin(attacker, email, "123456")).msg).toMatch(LOCKED);
    expect(await passwordLogin(newAddress(), email, PASSWORD)).toMatchObject({ code: 1 });
    clock.advance(60_000);
    const code = await emailedCode(t, email, "login");
    expect(await codeLogin(newAddress(), email, code)).toMatchObject({ code: 1 });
    // The owner's sign-in does not lift the attacker's lock.
    expect((await passwordLogin(attacker, email, PASSWORD)).msg).toMatch(LOCKED);
  });

  it("slows an account down after failures from many addresses, and lets the owner in after a short wait", async () => {
    const email = await registered();
    // Ten failures from ten addresses: each address is far from its own lockout.
    for (let i = 0; i < 10; i++) expect((await passwordLogin(newAddress(), email, `guess-${i}-pass`)).msg).toBe(WRONG);
    // The eleventh attempt, even the owner's from a fresh address, waits a few seconds rather than 15 minutes.
    const seconds = waitOf(await passwordLogin(newAddress(), email, PASSWORD));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(30);
    clock.advance(seconds * 1000);
    expect(await passwordLogin(newAddress(), email, PASSWORD)).toMatchObject({ code: 1 });
  });

  it("the slow-down grows with further failures, stays short, and bounds parallel guesses from many addresses", async () => {
    const email = await registered();
    for (let i = 0; i < 10; i++) await passwordLogin(newAddress(), email, `guess-${i}-pass`);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = waitOf(await passwordLogin(newAddress(), email, "another-guess"));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await passwordLogin(newAddress(), email, "another-guess")).msg).toBe(WRONG);
    }
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30);
    expect(waits.at(-1)).toBeGreaterThan(waits[0]!);

    // Once the wait has passed, 20 guesses from 20 addresses at once: one is checked, the others wait.
    clock.advance(30_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => passwordLogin(newAddress(), email, "parallel-guess")),
    );
    const counts = tally(answers);
    expect(counts.get(WRONG)).toBe(1);
    expect(answers.filter((a) => SLOWED.test(a.msg))).toHaveLength(19);
    // And the owner still gets in after the (short) wait.
    clock.advance(waitOf(await passwordLogin(newAddress(), email, PASSWORD)) * 1000);
    expect(await passwordLogin(newAddress(), email, PASSWORD)).toMatchObject({ code: 1 });
  });

  it("an attacker's wrong passwords lock the attacker out of the console, not the operator", async () => {
    clock.advance(16 * 60_000);
    const attacker = newAddress();
    for (let i = 0; i < 10; i++) expect((await operatorLogin(attacker, OPERATOR.email, `guess-${i}`)).msg).toBe(WRONG);
    expect((await operatorLogin(attacker, OPERATOR.email, OPERATOR.password)).msg).toMatch(LOCKED);
    expect(await operatorLogin(newAddress(), OPERATOR.email, OPERATOR.password)).toMatchObject({ code: 1 });
    expect((await operatorLogin(attacker, OPERATOR.email, OPERATOR.password)).msg).toMatch(LOCKED);
  });

  it("slows the console's sign-in after failures from many addresses, and lets the operator in after the wait", async () => {
    clock.advance(16 * 60_000);
    for (let i = 0; i < 20; i++) {
      expect((await operatorLogin(newAddress(), OPERATOR.email, `guess-${i}`)).msg).toBe(WRONG);
    }
    const seconds = waitOf(await operatorLogin(newAddress(), OPERATOR.email, OPERATOR.password));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(30);
    clock.advance(seconds * 1000);
    expect(await operatorLogin(newAddress(), OPERATOR.email, OPERATOR.password)).toMatchObject({ code: 1 });
    clock.advance(16 * 60_000);
  });
});

describe("answers do not tell which emails have accounts", () => {
  it("verifies an unknown operator email against a decoy hash, and a known one against its own", async () => {
    const { admin } = t.app.services;
    const before = admin.passwords.decoyVerifications;
    expect((await operatorLogin(newAddress(), "nobody-here@test.local", "some-password-1")).msg).toBe(WRONG);
    expect(admin.passwords.decoyVerifications).toBe(before + 1);
    expect((await operatorLogin(newAddress(), OPERATOR.email, "some-password-1")).msg).toBe(WRONG);
    expect(admin.passwords.decoyVerifications).toBe(before + 1);
    // A disabled operator's right password: checked like any other (its own hash), and refused the same way.
    const disabled = { email: "disabled-ops@test.local", password: "disabled-operator-password-1" };
    await admin.ensureOperator(disabled.email, disabled.password);
    await t.database.db.update(operators).set({ disabled: true }).where(eq(operators.email, disabled.email));
    expect((await operatorLogin(newAddress(), disabled.email, disabled.password)).msg).toBe(WRONG);
    expect(admin.passwords.decoyVerifications).toBe(before + 1);
    clock.advance(16 * 60_000);
  });

  it("does the same for users' password sign-in", async () => {
    const { signIn } = t.app.services;
    const email = await registered();
    const before = signIn.passwords.decoyVerifications;
    expect((await passwordLogin(newAddress(), newEmail(), "some-password-1")).msg).toBe(WRONG);
    expect(signIn.passwords.decoyVerifications).toBe(before + 1);
    expect((await passwordLogin(newAddress(), email, "some-password-1")).msg).toBe(WRONG);
    expect(signIn.passwords.decoyVerifications).toBe(before + 1);
  });
});
