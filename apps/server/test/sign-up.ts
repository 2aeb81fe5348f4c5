import { randomUUID } from "node:crypto";
import type { EmsEvent } from "@cryptos/contract";
import { desc, eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema";
import type { TestApp } from "./helper";

export interface SignedUpUser {
  userId: number;
  email: string;
  password: string;
  token: string;
  /** `{authorization: "Bearer …"}` for `t.call(…, {headers})`. */
  headers: Record<string, string>;
}

/**
 * Registers a new user through the real calls (code request, code read from the outbox, register) and returns its
 * session. Works on an app started without SMTP_URL, where mail stays in the outbox.
 */
export async function signUp(t: TestApp, email = `user-${randomUUID()}@example.com`): Promise<SignedUpUser> {
  const password = "test-password-1";
  const code = await emailedCode(t, email, "register");
  const { token, id } = (await t.api("register", { body: { email, code, password } })).userinfo;
  return { userId: id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** Requests a code for `event` and reads it from the outbox (the app runs without SMTP). */
export async function emailedCode(t: TestApp, email: string, event: EmsEvent): Promise<string> {
  await t.api("emsSend", { body: { email, event } });
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
