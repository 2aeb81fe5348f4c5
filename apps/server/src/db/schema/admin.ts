import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Operators of the console: a separate population from users, with their own sessions. */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /**
     * Base32 TOTP secret: pending while `totpEnabled` is false (set up, not yet confirmed), active once true.
     * Never leaves the server after setup answers it.
     */
    totpSecret: text("totp_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The last 30-second step a code was accepted for: a code of that step or an earlier one is a replay. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operators_email_unique").on(t.email)],
);

/**
 * A signed-in operator. It ends at `expires_at` (12 h after sign-in), when revoked, or once unused for
 * OPERATOR_IDLE_MINUTES (`last_used_at`, written at most once a minute by the look-up that checks it).
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    uniqueIndex("operator_sessions_token_unique").on(t.tokenHash),
    index("operator_sessions_operator").on(t.operatorId),
  ],
);

/** Every operator action: who, when, what, and the before and after. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: integer("operator_id").references(() => operators.id),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("audit_log_created").on(t.createdAt), index("audit_log_target").on(t.targetType, t.targetId)],
);
