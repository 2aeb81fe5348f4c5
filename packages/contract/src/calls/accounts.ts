import { z } from "zod";
import { EMS_EVENTS, REAL_NAME_STATUSES } from "../enums";
import { decimal, intLike, paged, pageQuery, timestamp } from "../envelope";
import { codeString, emailString, evmAddressString, secondFactorString } from "../validators";
import { defineCall } from "./define";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;
/** At least 8 characters with a letter and a digit; the register form shows the same rule. */
export const passwordString = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: "weak_password" });

/** Per currency: free to use, frozen by pending withdrawals, and principal in staking custody. */
export const balance = z.object({ currency: z.string(), available: decimal, frozen: decimal, custody: decimal });
export type Balance = z.infer<typeof balance>;

/**
 * What a security change asks for besides the session (issue 20: a stolen session must not take the account):
 * `password` for an email account with a password, `email_code` (event `security`) for one without, `wallet` (a
 * fresh EIP-4361 message and its signature, nonce from /api/user/nonce) for a wallet account.
 */
export const REAUTH_KINDS = ["password", "email_code", "wallet"] as const;
export type ReauthKind = (typeof REAUTH_KINDS)[number];

export const userInfo = z.object({
  userinfo: z.object({
    token: z.string(),
    id: z.number().int(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    login_type: z.number().int(),
    credit_score: z.number().int(),
    created_at: timestamp,
    /** Authenticator-app second factor on: logins and withdrawals ask for a code. */
    totp_enabled: z.boolean(),
    /** What this account proves itself with before a security change (see `securityProof`). */
    reauth: z.enum(REAUTH_KINDS),
  }),
  users: z.object({
    balances: z.array(balance),
    real_name_status: z.enum(REAL_NAME_STATUSES),
    unread: z.number().int(),
  }),
});
export type UserInfo = z.infer<typeof userInfo>;

const session = z.object({ userinfo: z.object({ token: z.string(), id: z.number().int() }) });

/**
 * Beside a refusal (`code: 0`) of login or requestWithdrawal when the account has TOTP on and the code was missing or
 * wrong, so that the client shows the code field.
 */
export const totpRequiredData = z.object({ totp_required: z.literal(true) });

/** A 6-digit code from the authenticator app (setting TOTP up must prove the app has the secret). */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "invalid_code" });

/** The proof fields a security change takes; which of them is needed is the account's `reauth` kind. */
export const securityProof = z.object({
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  email_code: codeString.optional(),
  message: z.string().max(4000).optional(),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(4000)
    .optional(),
});
export type SecurityProof = z.infer<typeof securityProof>;

/** Beside a refusal for a missing or wrong proof, so the client knows what to ask for. */
export const reauthRequiredData = z.object({ reauth: z.enum(REAUTH_KINDS) });

/** One sign-in of the user (a session): where from, with what, and whether it is still signed in. */
export const loginSession = z.object({
  id: z.number().int(),
  login_type: z.number().int(),
  ip: z.string().nullable(),
  /** Summarised from the user agent; null parts were not recognised. */
  device: z.object({ browser: z.string().nullable(), os: z.string().nullable() }),
  created_at: timestamp,
  last_seen_at: timestamp,
  /** The session making this call. */
  current: z.boolean(),
  /** Still signed in (not logged out, revoked or expired). */
  active: z.boolean(),
});
export type LoginSession = z.infer<typeof loginSession>;

export const accountCalls = {
  getUserInfo: defineCall({
    method: "POST",
    path: "/api/index/userinfo",
    auth: "user",
    summary: "The signed-in user: data.userinfo (with token) and data.users (balances, real-name state)",
    data: userInfo,
  }),
  listLoginTypes: defineCall({
    method: "POST",
    path: "/api/index/loginlist",
    auth: "none",
    summary: "Enabled login types: 1 email + password, 2 email + code, 3 wallet",
    data: z.object({ types: z.array(z.object({ type: z.number().int(), name: z.string() })) }),
  }),
  sendEmailCode: defineCall({
    method: "POST",
    path: "/api/ems/send",
    auth: "none",
    summary: "Email a 6-digit code for an event; one per email per 60 s",
    body: z.object({ email: emailString, event: z.enum(EMS_EVENTS) }),
    data: z.object({ resend_after: z.number().int() }),
  }),
  sendSmsCode: defineCall({
    method: "POST",
    path: "/api/sms/send",
    auth: "none",
    summary: "SMS codes: off unless a provider is configured (answers code 0 and says so)",
    // The spec's client sends no body; a client that sends the usual fields gets the same answer, not a 400.
    body: z.object({ mobile: z.string().max(32).optional(), event: z.string().max(32).optional() }),
    bodyLimit: 1024,
    data: z.null(),
  }),
  register: defineCall({
    method: "POST",
    path: "/api/user/register",
    auth: "none",
    summary: "Email registration with an emailed code",
    body: z.object({ email: emailString, code: codeString, password: passwordString }),
    data: session,
  }),
  login: defineCall({
    method: "POST",
    path: "/api/user/login",
    auth: "none",
    summary: "Login: type 1 email + password, 2 email + code, 3 wallet (EIP-4361 message + signature)",
    body: z.object({
      type: intLike(1, 3),
      username: z.string().trim().min(1).max(254),
      password: z.string().max(PASSWORD_MAX).optional(),
      code: codeString.optional(),
      message: z.string().max(4000).optional(),
      signature: z
        .string()
        .regex(/^0x[0-9a-fA-F]+$/)
        .max(4000)
        .optional(),
      /** Types 1 and 2 when the account has TOTP on: a current code or an unused recovery code. */
      totp: secondFactorString.optional(),
    }),
    data: session,
  }),
  nonce: defineCall({
    method: "POST",
    path: "/api/user/nonce",
    auth: "none",
    summary: "A single-use Sign-In with Ethereum nonce for an address",
    body: z.object({ address: evmAddressString }),
    data: z.object({
      nonce: z.string(),
      domain: z.string(),
      uri: z.string(),
      chain_id: z.number().int(),
      expires_at: timestamp,
    }),
  }),
  logout: defineCall({
    method: "POST",
    path: "/api/user/logout",
    auth: "user",
    summary: "Revoke the calling token",
    data: z.null(),
  }),
  resetPassword: defineCall({
    method: "POST",
    path: "/api/user/resetpwd",
    auth: "none",
    summary: "Set a new password with an emailed code for event reset; every session of the account is signed out",
    body: z.object({ email: emailString, code: codeString, password: passwordString }),
    data: z.null(),
  }),
  changePassword: defineCall({
    method: "POST",
    path: "/api/user/changepwd",
    auth: "user",
    summary: "Change the password (the current one required); the user's other sessions are signed out",
    body: z.object({ old_password: z.string().min(1).max(PASSWORD_MAX), password: passwordString }),
    data: z.object({ revoked: z.number().int() }),
  }),
  totpSetup: defineCall({
    method: "POST",
    path: "/api/user/totp/setup",
    auth: "user",
    summary:
      "A new pending TOTP secret for an email account, with the account's proof (password or emailed code); active only once confirmed by totp/enable",
    body: securityProof,
    data: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  }),
  totpEnable: defineCall({
    method: "POST",
    path: "/api/user/totp/enable",
    auth: "user",
    summary: "Turn TOTP on with a current code of the pending secret; answers 10 one-time recovery codes, once",
    body: z.object({ code: totpCode }),
    data: z.object({ totp_enabled: z.boolean(), recovery_codes: z.array(z.string()) }),
  }),
  totpDisable: defineCall({
    method: "POST",
    path: "/api/user/totp/disable",
    auth: "user",
    summary:
      "Turn TOTP off with the account's proof and a current code or a recovery code; the secret and recovery codes are forgotten",
    body: securityProof.extend({ code: secondFactorString }),
    data: z.object({ totp_enabled: z.boolean() }),
  }),
  sessions: defineCall({
    method: "POST",
    path: "/api/user/sessions",
    auth: "user",
    summary: "Login history: my sessions, newest first, the calling one marked current",
    query: pageQuery,
    data: paged(loginSession),
  }),
  revokeOtherSessions: defineCall({
    method: "POST",
    path: "/api/user/sessions/revoke-others",
    auth: "user",
    summary: "Sign out every session of mine but the calling one, with the account's proof",
    body: securityProof,
    data: z.object({ revoked: z.number().int() }),
  }),
};
