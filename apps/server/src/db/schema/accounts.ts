import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A signed-in session. Only the SHA-256 of the opaque token is stored; the expiry slides forward while the
 * session is used and a revoked session never comes back.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    /** 1 email + password, 2 email + code, 3 wallet (how this session was opened). */
    loginType: integer("login_type").notNull(),
    createdAt: at("created_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_unique").on(t.tokenHash), index("sessions_user").on(t.userId)],
);

/** Emailed one-time codes. The code itself is never stored, only its hash; only the newest code per email and event counts. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased. */
    email: text("email").notNull(),
    event: text("event").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
    /** Wrong guesses so far; the code dies at the limit. */
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip"),
  },
  (t) => [index("email_codes_email").on(t.email, t.id), index("email_codes_ip").on(t.ip, t.createdAt)],
);

/** Every mail the server sends, whether it went out by SMTP (`sent_at`) or waits here for an operator to read. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: at("created_at").notNull(),
    sentAt: at("sent_at"),
    error: text("error"),
  },
  (t) => [index("email_outbox_created").on(t.createdAt)],
);

/** Single-use Sign-In with Ethereum nonces, each issued for one address. */
export const siweNonces = pgTable(
  "siwe_nonces",
  {
    id: serial("id").primaryKey(),
    nonce: text("nonce").notNull(),
    /** Lower-cased address. */
    address: text("address").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [uniqueIndex("siwe_nonces_nonce_unique").on(t.nonce), index("siwe_nonces_expires").on(t.expiresAt)],
);

/**
 * Failed sign-ins, one row per failure, counted over a sliding window per account (the submitted email or
 * address, whether or not it exists) and per IP.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** "account" or "ip". */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("login_failures_key").on(t.scope, t.key, t.createdAt)],
);

/**
 * A user's authenticator-app second factor (TOTP). Pending while `enabled_at` is null (set up, not yet confirmed by
 * a first code); once enabled, email logins and withdrawals ask for a code. Removed when the user turns it off.
 */
export const userTotp = pgTable("user_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** Base32; leaves the server only in the setup answer. */
  secret: text("secret").notNull(),
  createdAt: at("created_at").notNull(),
  enabledAt: at("enabled_at"),
  /** The last 30-second step a code was accepted for: a code of that step or an earlier one is a replay. */
  lastStep: bigint("last_step", { mode: "number" }),
  /** The session that set the secret up: only it may turn TOTP on with it. */
  sessionId: integer("session_id").references(() => sessions.id),
});

/** One-time recovery codes issued when TOTP is turned on; only their SHA-256 is stored. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [uniqueIndex("user_recovery_codes_unique").on(t.userId, t.codeHash)],
);
