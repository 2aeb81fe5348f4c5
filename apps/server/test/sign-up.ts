import { randomUUID } from "node:crypto";
import type { EmsEvent } from "@cryptos/contract";
import { desc, eq } from "drizzle-orm";
import { emailOutbox, users } from "../src/db/schema";
import { hashPassword } from "../src/lib/secrets";
import type { TestApp } from "./helper";
import type { SmtpSink } from "./smtp-sink";

export interface SignedUpUser {
  userId: number;
  email: string;
  password: string;
  token: string;
  /** `{authorization: "Bearer …"}` for `t.call(…, {headers})`. */
  headers: Record<string, string>;
}

/**
 * Registers a new user through the real calls (code request, code read, register) and returns its session. The code
 * is read from the outbox, where an app started without SMTP_URL keeps it; an app with SMTP keeps it masked
 * (decision 099), so pass the SMTP sink it delivers to.
 */
export async function signUp(
  t: TestApp,
  email = `user-${randomUUID()}@example.com`,
  sink?: SmtpSink,
): Promise<SignedUpUser> {
  const password = "test-password-1";
  const code = sink
    ? await t.api("sendEmailCode", { body: { email, event: "register" } }).then(() => sink.nextCode(email))
    : await emailedCode(t, email, "register");
  const { token, id } = (await t.api("register", { body: { email, code, password } })).userinfo;
  return { userId: id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A user with an email and password, written straight to the database and signed in: for an app whose mail cannot
 * reach the test (an SMTP server that refuses it), where signing up through the calls is impossible by design.
 */
export async function passwordUser(t: TestApp, email = `user-${randomUUID()}@example.com`): Promise<SignedUpUser> {
  const password = "test-password-1";
  await t.database.db.insert(users).values({ email, passwordHash: await hashPassword(password) });
  const { token, id } = (await t.api("login", { body: { type: 1, username: email, password } })).userinfo;
  return { userId: id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** Requests a code for `event` and reads it from the outbox (the app runs without SMTP). */
export async function emailedCode(t: TestApp, email: string, event: EmsEvent): Promise<string> {
  await t.api("sendEmailCode", { body: { email, event } });
  const [mail] = await t.database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
