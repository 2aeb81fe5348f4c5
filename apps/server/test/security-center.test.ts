import { type BodyOf, type Calls, CODE_COUNTDOWN_S, type DataOf, type EmsEvent } from "@cryptos/contract";
import { desc, eq } from "drizzle-orm";
import { Secret, TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, userRecoveryCodes } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import type { Answer } from "./api-client";
import { userPastCodeWait } from "./factories/user";
import { fundUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import { passwordUser, type SignedUpUser } from "./sign-up";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

const STEP_MS = 30_000;
// Five seconds into a 30-second step, so that advancing by whole steps never lands on a boundary.
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
const NEW_PASSWORD = "brand-new-secret-7";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ config: { smtpUrl: sink.url }, clock });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const tokenOf = (res: Answer<DataOf<Calls["login"]>>) => res.body.data!.userinfo.token;
const codeAt = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });

/** A new user whose sign-up mail has been read, past the code's resend wait. */
const newUser = () => userPastCodeWait(t, clock, sink);

/** Emails a code for `event` and reads it from the SMTP sink; then waits out the resend window. */
async function mailedCode(email: string, event: EmsEvent): Promise<string> {
  const sent = await t.send("sendEmailCode", { body: { email, event } });
  expect(sent.body.code, sent.body.msg).toBe(1);
  const code = await sink.nextCode(email);
  clock.advance(CODE_COUNTDOWN_S * 1000);
  return code;
}

type LoginInput = BodyOf<Calls["login"]>;

const login = (user: SignedUpUser, password = user.password, extra: Partial<LoginInput> = {}, ua?: string) =>
  t.send("login", {
    body: { type: 1, username: user.email, password, ...extra },
    ...(ua ? { headers: { "user-agent": ua } } : {}),
  });

const userinfo = (token: string) => t.send("getUserInfo", { as: token });

async function enrolTotp(user: SignedUpUser): Promise<{ secret: string; recovery: string[] }> {
  const setup = await t.send("totpSetup", { as: user, body: { password: user.password } });
  expect(setup.body.code, setup.body.msg).toBe(1);
  const { secret } = setup.body.data!;
  const enabled = await t.send("totpEnable", { as: user, body: { code: codeAt(secret) } });
  expect(enabled.body.code, enabled.body.msg).toBe(1);
  clock.advance(STEP_MS);
  return { secret, recovery: enabled.body.data!.recovery_codes };
}

describe("security center: passwords", () => {
  it("resets the password with an emailed code; old sessions get 401 and only the new password works", async () => {
    const user = await newUser();
    const second = tokenOf(await login(user));

    // Unknown addresses are answered alike and get no mail.
    const unknown = await t.send("sendEmailCode", { body: { email: "nobody-here@example.com", event: "reset" } });
    expect(unknown.body.code).toBe(1);

    const code = await mailedCode(user.email, "reset");
    const weak = await t.send("resetPassword", { body: { email: user.email, code, password: "onlyletters" } });
    expect(weak.body.code).toBe(0);
    expect(weak.body.msg).toContain("password");
    const wrong = await t.send("resetPassword", {
      body: { email: user.email, code: code === "000000" ? "111111" : "000000", password: NEW_PASSWORD },
    });
    expect(wrong.body).toMatchObject({ code: 0, msg: "The code is incorrect or has expired" });

    const reset = await t.send("resetPassword", { body: { email: user.email, code, password: NEW_PASSWORD } });
    expect(reset.body).toMatchObject({ code: 1, data: null });

    for (const token of [user.token, second]) {
      const gone = await userinfo(token);
      expect(gone.status).toBe(401);
      expect(gone.body.code).toBe(401);
    }
    expect((await login(user)).body).toMatchObject({ code: 0, msg: "Email or password is incorrect" });
    const fresh = await login(user, NEW_PASSWORD);
    expect(fresh.body.code).toBe(1);
    expect((await userinfo(tokenOf(fresh))).body.code).toBe(1);

    // The code worked once.
    const again = await t.send("resetPassword", { body: { email: user.email, code, password: "another-one-8" } });
    expect(again.body.code).toBe(0);
  });

  it("changes the password only with the current one, and signs the other sessions out", async () => {
    const user = await newUser();
    const other = tokenOf(await login(user));
    const change = (old_password: string, password: string) =>
      t.send("changePassword", { as: user, body: { old_password, password } });

    expect((await change("not-my-password-1", NEW_PASSWORD)).body).toMatchObject({
      code: 0,
      msg: "The current password is incorrect",
    });
    const weak = await change(user.password, "short1");
    expect(weak.body.code).toBe(0);
    expect(weak.body.msg).toContain("password");
    expect((await change(user.password, user.password)).body).toMatchObject({
      code: 0,
      msg: "The new password must be different from the current one",
    });
    expect((await change(user.password, NEW_PASSWORD)).body).toMatchObject({ code: 1, data: { revoked: 1 } });

    expect((await userinfo(user.token)).body.code).toBe(1);
    expect((await userinfo(other)).status).toBe(401);
    expect((await login(user)).body.code).toBe(0);
    expect((await login(user, NEW_PASSWORD)).body.code).toBe(1);

    const signedOut = await t.send("changePassword", { body: { old_password: "x", password: NEW_PASSWORD } });
    expect(signedOut.status).toBe(401);
  });
});

describe("security center: two-step verification (TOTP)", () => {
  it("enrols with a code of the secret, then asks for a code at login; a recovery code works once", async () => {
    const user = await newUser();
    expect((await userinfo(user.token)).body.data).toMatchObject({ userinfo: { totp_enabled: false } });
    expect((await t.send("totpEnable", { as: user, body: { code: "123456" } })).body).toMatchObject({
      code: 0,
      msg: "Set up two-step sign-in first",
    });

    const setup = await t.send("totpSetup", { as: user, body: { password: user.password } });
    expect(setup.body.code).toBe(1);
    const { secret, otpauth_uri } = setup.body.data!;
    const parsed = URI.parse(otpauth_uri) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.issuer).toBe("Cryptos");
    expect(parsed.label).toBe(user.email);
    expect(parsed.secret.base32).toBe(secret);

    const current = codeAt(secret);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    expect((await t.send("totpEnable", { as: user, body: { code: wrong } })).body).toMatchObject({
      code: 0,
      msg: "The authentication code is wrong or has already been used",
    });
    const enabled = await t.send("totpEnable", { as: user, body: { code: current } });
    expect(enabled.body).toMatchObject({ code: 1, data: { totp_enabled: true } });
    const recovery = enabled.body.data!.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const c of recovery) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await userinfo(user.token)).body.data).toMatchObject({ userinfo: { totp_enabled: true } });
    expect((await t.send("totpSetup", { as: user, body: { password: user.password } })).body.code).toBe(0);

    // Only hashes are stored.
    const stored = await t.database.db
      .select({ hash: userRecoveryCodes.codeHash })
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recovery).not.toContain(row.hash);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.slice(0, 5));

    // Password first; then the code.
    const asked = await login(user);
    expect(asked.body).toEqual({
      code: 0,
      msg: "Enter the 6-digit code from your authenticator app",
      data: { totp_required: true },
    });
    const badCode = await login(user, user.password, { totp: wrong });
    expect(badCode.body).toMatchObject({ code: 0, data: { totp_required: true } });
    // A wrong password never learns whether a code is needed.
    expect((await login(user, "wrong-password-9", { totp: current })).body).toEqual({
      code: 0,
      msg: "Email or password is incorrect",
    });

    clock.advance(STEP_MS);
    const code = codeAt(secret);
    const ok = await login(user, user.password, { totp: code });
    expect(ok.body.code, ok.body.msg).toBe(1);
    // The same code does not pass twice.
    expect((await login(user, user.password, { totp: code })).body).toMatchObject({ code: 0 });

    // A recovery code, typed loosely, works once.
    const typed = recovery[3]!.toUpperCase().replace("-", " ");
    expect((await login(user, user.password, { totp: typed })).body.code).toBe(1);
    expect((await login(user, user.password, { totp: recovery[3]! })).body).toMatchObject({
      code: 0,
      data: { totp_required: true },
    });
  });

  it("asks for the code after a correct emailed login code, without using the emailed code up", async () => {
    const user = await newUser();
    const { secret } = await enrolTotp(user);
    const emailed = await mailedCode(user.email, "login");
    const byCode = (extra: Partial<LoginInput> = {}) =>
      t.send("login", { body: { type: 2, username: user.email, code: emailed, ...extra } });
    expect((await byCode()).body).toMatchObject({ code: 0, data: { totp_required: true } });
    const ok = await byCode({ totp: codeAt(secret) });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect((await userinfo(tokenOf(ok))).body.data).toMatchObject({ userinfo: { login_type: 2 } });
  });

  it("turns off only with a code, and then logs in without one", async () => {
    const user = await newUser();
    const { recovery } = await enrolTotp(user);
    const disable = (code: string) => t.send("totpDisable", { as: user, body: { code, password: user.password } });
    expect((await disable("zzzzz-zzzzz")).body).toMatchObject({ code: 0 });
    expect((await disable(recovery[0]!)).body).toMatchObject({ code: 1, data: { totp_enabled: false } });
    expect((await disable(recovery[1]!)).body).toMatchObject({ code: 0, msg: "Two-step sign-in is not on" });
    expect((await login(user)).body.code).toBe(1);
    const left = await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.userId));
    expect(left).toHaveLength(0);
  });

  it("counts wrong codes toward the account lockout", async () => {
    const user = await newUser();
    await enrolTotp(user);
    for (let i = 0; i < 5; i++) {
      expect((await login(user, user.password, { totp: "aaaaa-aaaaa" })).body.code).toBe(0);
    }
    expect((await login(user)).body.msg).toMatch(/^Too many failed attempts/);
    clock.advance(16 * 60_000);
  });

  it("needs the code for a withdrawal when it is on, before the emailed code is used", async () => {
    const user = await newUser();
    await fundUser(t.app.services.ledger, user.userId, "100");
    const { secret } = await enrolTotp(user);
    // Saved with the authenticator's code, so usable at once (decision 120); the withdrawal takes the next step's.
    const saved = await t.send("withdrawAddressAdd", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON, label: "Mine", totp: codeAt(secret) },
    });
    expect(saved.body.data, saved.body.msg).toMatchObject({ usable: true });
    clock.advance(STEP_MS);
    const emailed = await mailedCode(user.email, "withdraw");
    const withdraw = (extra: Partial<BodyOf<Calls["requestWithdrawal"]>> = {}) =>
      t.send("requestWithdrawal", {
        as: user,
        body: { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code: emailed, ...extra },
      });

    expect((await withdraw()).body).toEqual({
      code: 0,
      msg: "Enter the 6-digit code from your authenticator app",
      data: { totp_required: true },
    });
    expect((await withdraw({ totp: "bbbbb-bbbbb" })).body).toMatchObject({ code: 0, data: { totp_required: true } });
    // The emailed code is still good: the refusals came before it.
    const done = await withdraw({ totp: codeAt(secret) });
    expect(done.body.code, done.body.msg).toBe(1);
    expect(done.body.data).toMatchObject({ status: "pending", amount: "20" });
  });
});

describe("security center: login history", () => {
  it("lists the sessions with device, IP and type, marks the current one, and signs the others out", async () => {
    const user = await newUser();
    const android = tokenOf(await login(user, user.password, {}, ANDROID_CHROME));
    const iphone = tokenOf(await login(user, user.password, {}, IPHONE_SAFARI));

    const list = await t.send("sessions", { as: iphone, query: { page: "1", list: "2" } });
    expect(list.body.code).toBe(1);
    const page = list.body.data!;
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      current: true,
      active: true,
      ip: "127.0.0.1",
      login_type: 1,
      device: { browser: "Safari", os: "iOS" },
    });
    expect(page.items[1]).toMatchObject({ current: false, active: true, device: { browser: "Chrome", os: "Android" } });

    const revoked = await t.send("revokeOtherSessions", {
      as: iphone,
      body: { password: user.password },
    });
    expect(revoked.body).toMatchObject({ code: 1, data: { revoked: 2 } });
    expect((await userinfo(user.token)).status).toBe(401);
    expect((await userinfo(android)).status).toBe(401);
    expect((await userinfo(iphone)).body.code).toBe(1);

    const after = await t.send("sessions", { as: iphone });
    const items = after.body.data!.items;
    expect(items.map((s) => [s.current, s.active])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);

    // Another user's sessions never show.
    const stranger = await newUser();
    const theirs = await t.send("sessions", { as: stranger });
    expect(theirs.body.data!.total).toBe(1);
  });
});

describe("security center: notification mails", () => {
  /** The newest mail written to the outbox for `email` (the text as sent; the sink sees it encoded). */
  const lastOutboxMail = async (email: string) =>
    (
      await t.database.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, email))
        .orderBy(desc(emailOutbox.id))
        .limit(1)
    )[0];

  it("mails the user after a password change and after a reset, in the language of the request", async () => {
    const user = await newUser();
    const changed = await t.send("changePassword", {
      as: user,
      body: { old_password: user.password, password: NEW_PASSWORD },
    });
    expect(changed.body.code, changed.body.msg).toBe(1);
    const mail = await sink.nextMail(user.email, { subject: /password/i });
    expect(mail.to).toEqual([user.email.toLowerCase()]);
    expect(mail.subject).toBe("Your Cryptos password was changed");
    const text = (await lastOutboxMail(user.email))?.text ?? "";
    expect(text).toContain("Your other sessions were signed out.");
    expect(text).toMatch(/This happened on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(text).toContain("If this was not you, reset your password now");

    const code = await mailedCode(user.email, "reset");
    const reset = await t.send("resetPassword", {
      headers: { lang: "de" },
      body: { email: user.email, code, password: "yet-another-secret-9" },
    });
    expect(reset.body.code, reset.body.msg).toBe(1);
    const german = await sink.nextMail(user.email, { subject: /Passwort/ });
    expect(german.subject).toBe("Das Passwort deines Cryptos-Kontos wurde zurückgesetzt");
    expect((await lastOutboxMail(user.email))?.text).toContain("Alle Sitzungen wurden abgemeldet.");
  });

  it("mails the user when two-step verification is turned on or off and when other sessions are signed out", async () => {
    const user = await newUser();
    const { recovery } = await enrolTotp(user);
    expect((await sink.nextMail(user.email, { subject: /two-step/i })).subject).toBe(
      "Two-step verification was turned on for your Cryptos account",
    );
    const off = await t.send("totpDisable", {
      as: user,
      body: { code: recovery[0]!, password: user.password },
    });
    expect(off.body.code, off.body.msg).toBe(1);
    expect((await sink.nextMail(user.email, { subject: /two-step/i })).subject).toBe(
      "Two-step verification was turned off for your Cryptos account",
    );
    await login(user);
    const revoked = await t.send("revokeOtherSessions", {
      as: user,
      body: { password: user.password },
    });
    expect(revoked.body).toMatchObject({ code: 1, data: { revoked: 1 } });
    expect((await sink.nextMail(user.email, { subject: /sessions/ })).subject).toBe(
      "Your other Cryptos sessions were signed out",
    );
    // A refused change mails nothing.
    const wrong = await t.send("totpDisable", {
      as: user,
      body: { code: "123456", password: user.password },
    });
    expect(wrong.body.code).toBe(0);
    await expect(sink.nextMail(user.email, { subject: /two-step/i, timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it("mails the user when a withdrawal address is added, naming it and when it can be used", async () => {
    const user = await newUser();
    const added = await t.send("withdrawAddressAdd", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON, label: "Cold wallet" },
    });
    expect(added.body.code, added.body.msg).toBe(1);
    const mail = await sink.nextMail(user.email, { subject: /address/ });
    expect(mail.to).toEqual([user.email.toLowerCase()]);
    expect(mail.subject).toBe("A withdrawal address was added to your Cryptos account");
    const usableFrom = added.body.data!.usable_from;
    const shown = `${usableFrom.slice(0, 16).replace("T", " ")} UTC`;
    expect((await lastOutboxMail(user.email))?.text).toContain(
      `Cold wallet: USDT on TRC20, ${TRON}. It can be used from ${shown}.`,
    );
    // A refused addition (the same address again) mails nothing.
    const again = await t.send("withdrawAddressAdd", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON, label: "Again" },
    });
    expect(again.body.code).toBe(0);
    await expect(sink.nextMail(user.email, { subject: /address/, timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it("keeps the change when the notification cannot be delivered, and records why", async () => {
    // Nothing listens on port 1: every delivery fails.
    const broken = await startTestApp({ config: { smtpUrl: "smtp://127.0.0.1:1" }, clock });
    try {
      // Its masked outbox holds no code to sign up with (decision 099).
      const user = await passwordUser(broken);
      const changed = await broken.send("changePassword", {
        as: user,
        body: { old_password: user.password, password: NEW_PASSWORD },
      });
      expect(changed.body).toMatchObject({ code: 1, data: { revoked: 0 } });
      await broken.app.services.accounts.mailer.flush();
      const [mail] = await broken.database.db
        .select({ subject: emailOutbox.subject, sentAt: emailOutbox.sentAt, error: emailOutbox.error })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, user.email))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      expect(mail).toMatchObject({ subject: "Your Cryptos password was changed", sentAt: null });
      expect(mail?.error).toBeTruthy();
      const relogin = await broken.send("login", {
        body: { type: 1, username: user.email, password: NEW_PASSWORD },
      });
      expect(relogin.body.code, relogin.body.msg).toBe(1);
    } finally {
      await broken.close();
    }
  });
});
