import { z } from "zod";
import { EMS_EVENTS, REAL_NAME_STATUSES } from "../enums";
import { decimal, intLike, timestamp } from "../envelope";
import { codeString, emailString, evmAddressString } from "../validators";
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

export const userInfo = z.object({
  userinfo: z.object({
    token: z.string(),
    id: z.number().int(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    login_type: z.number().int(),
    credit_score: z.number().int(),
    created_at: timestamp,
  }),
  users: z.object({
    balances: z.array(balance),
    real_name_status: z.enum(REAL_NAME_STATUSES),
    unread: z.number().int(),
  }),
});
export type UserInfo = z.infer<typeof userInfo>;

const session = z.object({ userinfo: z.object({ token: z.string(), id: z.number().int() }) });

export const accountCalls = {
  userinfo: defineCall({
    method: "POST",
    path: "/api/index/userinfo",
    auth: "user",
    summary: "The signed-in user: data.userinfo (with token) and data.users (balances, real-name state)",
    data: userInfo,
  }),
  loginlist: defineCall({
    method: "POST",
    path: "/api/index/loginlist",
    auth: "none",
    summary: "Enabled login types: 1 email + password, 2 email + code, 3 wallet",
    data: z.object({ types: z.array(z.object({ type: z.number().int(), name: z.string() })) }),
  }),
  emsSend: defineCall({
    method: "POST",
    path: "/api/ems/send",
    auth: "none",
    summary: "Email a 6-digit code for an event; one per email per 60 s",
    body: z.object({ email: emailString, event: z.enum(EMS_EVENTS) }),
    data: z.object({ resend_after: z.number().int() }),
  }),
  smsSend: defineCall({
    method: "POST",
    path: "/api/sms/send",
    auth: "none",
    summary: "SMS codes: off unless a provider is configured",
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
};
