import { z } from "zod";
import { paged, pageQuery, timestamp } from "../envelope";
import { defineCall } from "./define";

/* The operators' own calls: signing in and out, their sessions, their TOTP, the list of operators. */

/** A 6-digit code from the operator's authenticator app (TOTP, 30-second steps). */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** An operator as the audit log's filter lists them; no secret ever travels. */
export const adminOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  totp_enabled: z.boolean(),
  created_at: timestamp,
});

/** The operator's own password: TOTP changes ask for it besides the session (a stolen token alone cannot). */
const operatorPassword = z.string().min(1).max(200).optional();

/** One signed-in session of the calling operator. */
export const adminOperatorSession = z.object({
  id: z.number().int(),
  created_at: timestamp,
  /** Written at most once a minute; the session ends once unused for OPERATOR_IDLE_MINUTES. */
  last_used_at: timestamp,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Summarised from the user agent; null parts were not recognised. */
  device: z.object({ browser: z.string().nullable(), os: z.string().nullable() }),
  /** The session making this call. */
  current: z.boolean(),
});

/**
 * Login refusals carry `data.totp_required` when the operator has TOTP on and the code was missing or wrong, so the
 * console can ask for it.
 */
export const adminLoginRefusalData = z.object({ totp_required: z.literal(true) });

/** Part of adminCalls (admin.ts), in the order the operator API lists them. */
export const operatorCalls = {
  adminLogin: defineCall({
    method: "POST",
    path: "/api/admin/login",
    auth: "none",
    summary: "Operator login; answers an operator token for Authorization: Bearer",
    body: z.object({
      email: z.string().trim().toLowerCase().min(3).max(254),
      password: z.string().min(1).max(200),
      totp: totpCode.optional(),
    }),
    data: z.object({ token: z.string(), operator: z.object({ id: z.number().int(), email: z.string() }) }),
  }),
  adminLogout: defineCall({
    method: "POST",
    path: "/api/admin/logout",
    auth: "operator",
    summary: "Revoke the calling operator token",
    data: z.null(),
  }),
  adminSessions: defineCall({
    method: "POST",
    path: "/api/admin/sessions",
    auth: "operator",
    summary: "The calling operator's sessions still signed in, last used first, the calling one marked current",
    query: pageQuery,
    data: paged(adminOperatorSession),
  }),
  adminSignOutEverywhere: defineCall({
    method: "POST",
    path: "/api/admin/sessions/revoke-all",
    auth: "operator",
    summary: "Sign out every session of the calling operator, this one included",
    data: z.object({ revoked: z.number().int() }),
  }),
  adminTotpSetup: defineCall({
    method: "POST",
    path: "/api/admin/totp/setup",
    auth: "operator",
    summary:
      "A new pending TOTP secret for the calling operator, with the operator's password; active only once confirmed by totp/enable",
    body: z.object({ password: operatorPassword }),
    data: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  }),
  adminTotpEnable: defineCall({
    method: "POST",
    path: "/api/admin/totp/enable",
    auth: "operator",
    summary:
      "Turn TOTP on with the password and a current code of the pending secret; later logins need a code and the operator's other sessions are signed out",
    body: z.object({ code: totpCode, password: operatorPassword }),
    data: z.object({ totp_enabled: z.boolean() }),
  }),
  adminTotpDisable: defineCall({
    method: "POST",
    path: "/api/admin/totp/disable",
    auth: "operator",
    summary:
      "Turn TOTP off with the password and a current code; the secret is forgotten and the operator's other sessions are signed out",
    body: z.object({ code: totpCode, password: operatorPassword }),
    data: z.object({ totp_enabled: z.boolean() }),
  }),
  adminOperators: defineCall({
    method: "GET",
    path: "/api/admin/operators",
    auth: "operator",
    summary: "Every operator (for the audit log's filter), oldest first",
    data: z.object({ items: z.array(adminOperator) }),
  }),
};
