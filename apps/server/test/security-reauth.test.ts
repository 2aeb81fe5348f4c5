import { randomUUID } from "node:crypto";
import { type BodyOf, type Calls, CODE_COUNTDOWN_S, calls, type DataOf, type EmsEvent } from "@cryptos/contract";
import { desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../src/db/schema";
import { ManualClock } from "../src/lib/clock";
import type { Answer, CallerOf } from "./api-client";
import { userPastCodeWait } from "./factories/user";
import { insertUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import type { SignedUpUser } from "./sign-up";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

/**
 * Issue 20, item 7: a stolen session cannot take the account. Turning two-step verification (TOTP) on or off and
 * signing the other sessions out ask for the account's proof besides the session: the password, an emailed code
 * (accounts without a password) or a fresh wallet signature. An operator can turn a user's TOTP off, audited.
 */

const STEP_MS = 30_000;
const ORIGIN = "https://cryptos.test";
// Five seconds into a 30-second step, so that advancing by whole steps never lands on a boundary.
const clock = new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);

let t: TestApp;
let sink: SmtpSink;
let op: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ config: { smtpUrl: sink.url, publicOrigin: ORIGIN }, clock });
  op = await t.operatorToken();
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const tokenOf = (res: Answer<DataOf<Calls["login"]>>) => res.body.data!.userinfo.token;
const codeAt = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
const userinfo = (as: CallerOf) => t.api("getUserInfo", { as });

/** The text of the newest mail written to the outbox for `email` (the sink sees it encoded). */
const lastOutboxText = async (email: string) =>
  (
    await t.database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.id))
      .limit(1)
  )[0]?.text;

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

const passwordLogin = (user: SignedUpUser, extra: Partial<BodyOf<Calls["login"]>> = {}) =>
  t.send("login", { body: { type: 1, username: user.email, password: user.password, ...extra } });

/** Sets TOTP up with `proof` and turns it on with a code of the secret; answers the secret and recovery codes. */
async function enrol(as: CallerOf, proof: BodyOf<Calls["totpSetup"]>) {
  const setup = await t.send("totpSetup", { as, body: proof });
  expect(setup.body.code, setup.body.msg).toBe(1);
  const { secret } = setup.body.data!;
  const enabled = await t.send("totpEnable", { as, body: { code: codeAt(secret) } });
  expect(enabled.body.code, enabled.body.msg).toBe(1);
  clock.advance(STEP_MS);
  return { secret, recovery: enabled.body.data!.recovery_codes };
}

describe("a stolen session cannot change the account's security", () => {
  it("cannot turn TOTP on with the session alone, so the owner's password login keeps working", async () => {
    const owner = await newUser();
    // The thief holds a copy of the owner's session token and nothing else.
    const stolen = owner.token;
    expect((await userinfo(stolen)).userinfo.reauth).toBe("password");

    const bare = await t.send("totpSetup", { as: stolen });
    expect(bare.body).toEqual({
      code: 0,
      msg: "Enter your password to confirm this change",
      data: { reauth: "password" },
    });
    const guessed = await t.send("totpSetup", { as: stolen, body: { password: "guess-password-1" } });
    expect(guessed.body).toEqual({ code: 0, msg: "The current password is incorrect", data: { reauth: "password" } });
    // No secret was handed out, so there is nothing to turn on.
    const enable = await t.send("totpEnable", { as: stolen, body: { code: "123456" } });
    expect(enable.body).toMatchObject({ code: 0, msg: "Set up two-step sign-in first" });
    expect((await userinfo(stolen)).userinfo.totp_enabled).toBe(false);

    // The owner still signs in with the password alone, and a mail about a change never went out.
    expect((await passwordLogin(owner)).body.code).toBe(1);
    await expect(sink.nextMail(owner.email, { subject: /two-step/i, timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it("cannot turn TOTP off with the session and an authenticator code alone; with the password it can", async () => {
    const owner = await newUser();
    const { secret, recovery } = await enrol(owner, { password: owner.password });
    await sink.nextMail(owner.email, { subject: /two-step/i });

    const noProof = await t.send("totpDisable", { as: owner, body: { code: codeAt(secret) } });
    expect(noProof.body).toMatchObject({ code: 0, data: { reauth: "password" } });
    const badProof = await t.send("totpDisable", {
      as: owner,
      body: { code: recovery[0]!, password: "not-the-password-2" },
    });
    expect(badProof.body).toMatchObject({ code: 0, msg: "The current password is incorrect" });
    expect((await userinfo(owner)).userinfo.totp_enabled).toBe(true);
    // The refused attempts did not spend the recovery code.
    const off = await t.send("totpDisable", {
      as: owner,
      body: { code: recovery[0]!, password: owner.password },
    });
    expect(off.body).toMatchObject({ code: 1, data: { totp_enabled: false } });
    expect((await passwordLogin(owner)).body.code).toBe(1);
  });

  it("counts wrong passwords given as proof toward the account's lockout", async () => {
    const owner = await newUser();
    for (let i = 0; i < 5; i++) {
      const res = await t.send("totpSetup", { as: owner, body: { password: `wrong-${i}-pass` } });
      expect(res.body.code).toBe(0);
    }
    const locked = await t.send("totpSetup", { as: owner, body: { password: owner.password } });
    expect(locked.body.msg).toMatch(/^Too many failed attempts/);
    clock.advance(16 * 60_000);
    const after = await t.send("totpSetup", { as: owner, body: { password: owner.password } });
    expect(after.body.code, after.body.msg).toBe(1);
  });

  it("cannot sign the owner's other sessions out with the session alone", async () => {
    const owner = await newUser();
    const other = tokenOf(await passwordLogin(owner));
    const bare = await t.send("revokeOtherSessions", { as: owner });
    expect(bare.body).toMatchObject({ code: 0, data: { reauth: "password" } });
    expect((await t.send("getUserInfo", { as: other })).body.code).toBe(1);
    const proved = await t.send("revokeOtherSessions", {
      as: owner,
      body: { password: owner.password },
    });
    expect(proved.body).toMatchObject({ code: 1, data: { revoked: 1 } });
    expect((await t.send("getUserInfo", { as: other })).status).toBe(401);
  });

  it("cannot turn on a pending secret another session set up, even with its code (issue 38)", async () => {
    const owner = await newUser();
    // A second session of the same user that also read the setup answer (the same XSS, say).
    const other = tokenOf(await passwordLogin(owner));
    const setup = await t.send("totpSetup", { as: owner, body: { password: owner.password } });
    expect(setup.body.code, setup.body.msg).toBe(1);
    const { secret } = setup.body.data!;

    const elsewhere = await t.send("totpEnable", { as: other, body: { code: codeAt(secret) } });
    expect(elsewhere.body).toEqual({
      code: 0,
      msg: "Two-step sign-in was set up in another session; set it up again here",
    });
    const translated = await t.send("totpEnable", {
      as: other,
      body: { code: codeAt(secret) },
      headers: { lang: "de" },
    });
    expect(translated.body.msg).toBe(
      "Die Anmeldung in zwei Schritten wurde in einer anderen Sitzung eingerichtet; richte sie hier erneut ein",
    );
    expect((await userinfo(other)).userinfo.totp_enabled).toBe(false);

    // The session that set it up turns it on with the same code.
    const here = await t.send("totpEnable", { as: owner, body: { code: codeAt(secret) } });
    expect(here.body.code, here.body.msg).toBe(1);
    expect((await userinfo(other)).userinfo.totp_enabled).toBe(true);
    clock.advance(STEP_MS);
  });
});

describe("the proof each kind of account gives", () => {
  it("an account without a password confirms with a code emailed for event security", async () => {
    // No call creates such an account today (registration sets a password); the row stands for one made without.
    const email = `code-only-${randomUUID()}@example.com`;
    await insertUser(t.database, email);
    const signedIn = await t.send("login", {
      body: { type: 2, username: email, code: await mailedCode(email, "login") },
    });
    expect(signedIn.body.code, signedIn.body.msg).toBe(1);
    const session = tokenOf(signedIn);
    expect((await userinfo(session)).userinfo.reauth).toBe("email_code");

    const bare = await t.send("totpSetup", { as: session });
    expect(bare.body).toEqual({
      code: 0,
      msg: "Enter the code we emailed you to confirm this change",
      data: { reauth: "email_code" },
    });
    // A password is no proof for an account that has none, and a code of another event does not pass.
    expect((await t.send("totpSetup", { as: session, body: { password: "anything-at-all-1" } })).body).toMatchObject({
      code: 0,
      data: { reauth: "email_code" },
    });
    const loginCode = await mailedCode(email, "login");
    expect((await t.send("totpSetup", { as: session, body: { email_code: loginCode } })).body).toMatchObject({
      code: 0,
      msg: "The code is incorrect or has expired",
    });

    const sent = await t.send("sendEmailCode", { body: { email, event: "security" } });
    expect(sent.body.code).toBe(1);
    const mail = await sink.nextMail(email, { subject: /\b\d{6}\b/ });
    expect(await lastOutboxText(email)).toContain("confirm a change to your Cryptos security settings");
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    clock.advance(CODE_COUNTDOWN_S * 1000);
    const { recovery } = await enrol(session, { email_code: code });
    expect((await userinfo(session)).userinfo.totp_enabled).toBe(true);
    // The code was used up.
    expect(
      (await t.send("totpDisable", { as: session, body: { code: recovery[0]!, email_code: code } })).body,
    ).toMatchObject({ code: 0, msg: "The code is incorrect or has expired" });
    const off = await t.send("totpDisable", {
      as: session,
      body: { code: recovery[0]!, email_code: await mailedCode(email, "security") },
    });
    expect(off.body).toMatchObject({ code: 1, data: { totp_enabled: false } });
  });

  describe("a wallet account confirms with a fresh signature", () => {
    const account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());

    async function signed(signer: PrivateKeyAccount = account, statement = "Confirm a security change") {
      const res = await t.send("nonce", { body: { address: account.address } });
      const n = res.body.data!;
      const message = createSiweMessage({
        address: account.address,
        chainId: n.chain_id,
        domain: n.domain,
        nonce: n.nonce,
        uri: n.uri,
        version: "1",
        issuedAt: clock.now(),
        statement,
      });
      return { message, signature: await signer.signMessage({ message }) };
    }

    it("signs the other sessions out only with a signature of its own key, once per nonce", async () => {
      const signIn = async () => {
        const res = await t.send("login", {
          body: { type: 3, username: account.address, ...(await signed(account, "Sign in to Cryptos")) },
        });
        expect(res.body.code, res.body.msg).toBe(1);
        return tokenOf(res);
      };
      const session = await signIn();
      const other = await signIn();
      expect((await userinfo(session)).userinfo.reauth).toBe("wallet");

      const bare = await t.send("revokeOtherSessions", { as: session });
      expect(bare.body).toEqual({
        code: 0,
        msg: "Sign the message with your wallet to confirm this change",
        data: { reauth: "wallet" },
      });
      const stranger = privateKeyToAccount(generatePrivateKey());
      const forged = await t.send("revokeOtherSessions", { as: session, body: await signed(stranger) });
      expect(forged.body).toMatchObject({
        code: 0,
        msg: "The signature does not match the wallet address",
        data: { reauth: "wallet" },
      });
      expect((await t.send("getUserInfo", { as: other })).body.code).toBe(1);

      const proof = await signed();
      const ok = await t.send("revokeOtherSessions", { as: session, body: proof });
      expect(ok.body).toMatchObject({ code: 1, data: { revoked: 1 } });
      expect((await t.send("getUserInfo", { as: other })).status).toBe(401);
      // The nonce is spent: the same signed message proves nothing twice.
      const replay = await t.send("revokeOtherSessions", { as: session, body: proof });
      expect(replay.body).toMatchObject({ code: 0, data: { reauth: "wallet" } });
      // Wallet accounts still have no TOTP (it is for email accounts), proof or not.
      expect((await t.send("totpSetup", { as: session, body: await signed() })).body).toMatchObject({
        code: 0,
        msg: "Two-step verification is available for accounts with an email address",
      });
    });
  });
});

describe("operator: reset a user's two-step verification", () => {
  const reset = (body: BodyOf<Calls["adminUserTotpReset"]>, as: CallerOf = op) =>
    t.send("adminUserTotpReset", { as, body });

  it("turns TOTP off, audits it with before and after, mails and messages the user", async () => {
    const user = await newUser();
    await enrol(user, { password: user.password });
    await sink.nextMail(user.email, { subject: /two-step/i });
    expect((await passwordLogin(user)).body).toMatchObject({ code: 0, data: { totp_required: true } });
    const shownBefore = await t.send("adminUserShow", { as: op, body: { uid: user.userId } });
    expect(shownBefore.body.data).toMatchObject({ totp_enabled: true });

    // Only operators, and only with a reason.
    expect((await reset({ uid: user.userId, reason: "Lost phone" }, user)).status).toBe(401);
    // Raw: the body leaves out the reason the contract requires.
    const noReason = await t.call(calls.adminUserTotpReset.path, {
      headers: { authorization: `Bearer ${op}` },
      body: { uid: user.userId },
    });
    expect(noReason.body.code).toBe(0);
    expect(noReason.body.msg).toMatch(/reason/);
    expect((await userinfo(user)).userinfo.totp_enabled).toBe(true);

    const reason = "Lost phone; identity checked by video call";
    const done = await reset({ uid: user.userId, reason });
    expect(done.body).toEqual({ code: 1, msg: expect.any(String), data: { uid: user.userId, totp_enabled: false } });

    expect((await userinfo(user)).userinfo.totp_enabled).toBe(false);
    expect((await passwordLogin(user)).body.code).toBe(1);
    const shown = await t.send("adminUserShow", { as: op, body: { uid: user.userId } });
    expect(shown.body.data).toMatchObject({ totp_enabled: false });

    const audit = await t.send("adminAuditList", { as: op, body: { action: "user.totp.reset" } });
    const entries = audit.body.data!.items;
    expect(entries[0]).toMatchObject({
      before: { uid: user.userId, totp_enabled: true },
      after: { uid: user.userId, totp_enabled: false },
      reason,
    });

    const mail = await sink.nextMail(user.email, { subject: /two-step/i });
    expect(mail.subject).toBe("Two-step verification was turned off for your Cryptos account by our support team");
    expect(await lastOutboxText(user.email)).toContain(`Reason given: ${reason}.`);

    const inbox = await t.send("listMessages", { as: user, query: { cid: 3 } });
    const items = inbox.body.data!.items;
    expect(items.map((m) => m.title)).toContain("Two-step verification was turned off");

    // Nothing left to reset.
    expect((await reset({ uid: user.userId, reason })).body).toMatchObject({
      code: 0,
      msg: `User ${user.userId} does not have two-step verification on`,
    });
    expect((await reset({ uid: 999_999, reason })).body).toMatchObject({ code: 0, msg: "User 999999 does not exist" });
  });
});
