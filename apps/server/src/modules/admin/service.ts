import type { adminOperator, auditEntry, Paged } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import type { ThrottlePolicy } from "../../lib/login-throttle";
import { hashPassword, PasswordVerifier, verifyPassword } from "../../lib/secrets";
import { matchTotpStep, newTotpSecret } from "../../lib/totp";
import type { OperatorCaller } from "../../plugins/auth";
import { LoginThrottle } from "../accounts/throttle";
import * as repo from "./repo";
import { type OperatorSessionMeta, OperatorSessions } from "./sessions";

const MINUTE_MS = 60_000;
/**
 * Failed logins (wrong password or wrong code) per email, in a sliding window of 15 minutes: ten from one address lock
 * that address out of the email; twenty from all addresses together make every further attempt wait 1 s, 2 s, 4 s …
 * up to 30 s after the last failure, so nobody can lock an operator out of the console by failing on purpose.
 */
const LOGIN_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * MINUTE_MS,
  pairMax: 10,
  accountSlowAfter: 20,
  maxDelayMs: 30_000,
};
const LOGIN_FAILED = "operator.login_failed";
/** Beside a TOTP login refusal, so the console knows to show the code field. */
const TOTP_REQUIRED = { totp_required: true } as const;
const totpRefusal = (key: "totp_required" | "totp_code_wrong") => new Refusal(key, {}, 200, 0, TOTP_REQUIRED);
/** Beside a refusal for a missing or wrong password at a TOTP change, as users' security changes answer. */
const passwordRefusal = (key: "reauth_password" | "password_wrong") =>
  new Refusal(key, {}, 200, 0, { reauth: "password" });

export interface AuditRecord {
  operatorId: number | null;
  action: string;
  target?: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  reason?: string | undefined;
  ip?: string | undefined;
}

/** Operators, their sessions, and the audit log every operator action writes to. */
export class AdminService {
  /** Login's password checks: an unknown or disabled email is verified against a decoy hash, at the same cost. */
  readonly passwords = new PasswordVerifier();
  /** Failed logins and the limits they set, per email and address (kept apart from users' by their scope). */
  private readonly throttle: LoginThrottle;

  /** Sign-ins, their idle timeout and their ends. */
  readonly sessions: OperatorSessions;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: { idleMinutes?: number } = {},
  ) {
    this.throttle = new LoginThrottle(db, clock, LOGIN_THROTTLE, { scopePrefix: "operator_", perAddress: false });
    this.sessions = new OperatorSessions(db, clock, (options.idleMinutes ?? 30) * MINUTE_MS);
  }

  /**
   * The operator of OPERATOR_EMAIL / OPERATOR_PASSWORD at every start (and the demo operator): created when
   * missing; when the stored password is already this one (and the operator enabled) nothing changes, else the
   * password is set as by `setPassword`, so a start with a new password signs the old sessions out.
   */
  async ensureOperator(email: string, password: string): Promise<{ id: number; created: boolean }> {
    const normalized = email.trim().toLowerCase();
    const existing = await repo.findOperatorByEmail(this.db, normalized);
    if (existing && !existing.disabled && (await verifyPassword(existing.passwordHash, password))) {
      return { id: existing.id, created: false };
    }
    const { id, created } = await this.setPassword(normalized, password, "start");
    return { id, created };
  }

  /**
   * Creates the operator, or sets its password and enables it when it exists (`npm run operator -- create`), and
   * ends every session it has: whoever held one must sign in with the new password. Audited with `reason`.
   */
  async setPassword(email: string, password: string, reason = "cli") {
    const normalized = email.trim().toLowerCase();
    const passwordHash = await hashPassword(password);
    return withTransaction(this.db, async (tx) => {
      const { id, created } = await repo.upsertOperator(tx, normalized, passwordHash);
      const sessionsEnded = await this.sessions.endAll(tx, id);
      await this.audit(tx, {
        operatorId: null,
        action: "operator.password_set",
        target: { type: "operator", id },
        after: { created, sessions_ended: sessionsEnded },
        reason,
      });
      return { id, created, sessionsEnded };
    });
  }

  async hasOperators(): Promise<boolean> {
    return (await this.db.query.operators.findFirst()) !== undefined;
  }

  /**
   * Email and password, then the TOTP code when the operator has turned it on. A code is accepted once: its step
   * must be later than the last accepted one. Wrong passwords and wrong codes count toward the lockout of the email
   * from this address and toward its slow-down; each check is reserved before it runs, so parallel attempts too
   * stay within the limits. An unknown or disabled email costs the same password verification as a wrong password.
   */
  async login(email: string, password: string, ip: string | undefined, totp?: string, userAgent?: string) {
    const account = email.trim().toLowerCase();
    const address = ip ?? null;
    const operator = await repo.findOperatorByEmail(this.db, email);
    const ok = await this.throttle.attempt(account, address, async () => {
      const matches = await this.passwords.verify(operator?.passwordHash, password);
      return matches && operator !== undefined && !operator.disabled;
    });
    if (!operator || !ok) {
      await this.audit(this.db, { operatorId: operator?.id ?? null, action: LOGIN_FAILED, ip, after: { email } });
      throw new Refusal("operator_login_failed");
    }
    if (operator.totpEnabled) {
      if (!totp) throw totpRefusal("totp_required");
      const secret = operator.totpSecret;
      const passed = await this.throttle.attempt(account, address, async () => {
        const step = secret ? matchTotpStep(secret, totp, this.clock.now()) : null;
        return step !== null && (await repo.useTotpStep(this.db, operator.id, step));
      });
      if (!passed) {
        await this.audit(this.db, { operatorId: operator.id, action: LOGIN_FAILED, ip, after: { email, totp: true } });
        throw totpRefusal("totp_code_wrong");
      }
    }
    await this.throttle.succeeded(account, address);
    const token = await this.sessions.open(operator.id, { ip, userAgent });
    await this.audit(this.db, { operatorId: operator.id, action: "operator.login", ip });
    return { token, operator: { id: operator.id, email: operator.email } };
  }

  // Two-step sign-in (TOTP) ---------------------------------------------------------------------------------------

  /**
   * A new pending secret; the only answer that ever carries it, so it asks for the operator's password: a stolen
   * session alone never learns a secret. Refused while TOTP is on (disable first).
   */
  async totpSetup(caller: OperatorCaller, password: string | undefined, meta: OperatorSessionMeta) {
    const operator = await this.operatorOf(caller);
    if (operator.totpEnabled) throw new Refusal("totp_already_enabled");
    await this.proveOperator(operator, password, "totp_setup", meta);
    const { secret, uri } = newTotpSecret(operator.email);
    await withTransaction(this.db, async (tx) => {
      if (!(await repo.setPendingTotpSecret(tx, operator.id, secret))) throw new Refusal("totp_already_enabled");
      const target = { type: "operator", id: operator.id };
      await this.audit(tx, { operatorId: operator.id, action: "operator.totp_setup", target, ip: meta.ip });
    });
    return { secret, otpauth_uri: uri };
  }

  /** Turns TOTP on with the password and a current code of the pending secret; that code's step counts as used. */
  async totpEnable(caller: OperatorCaller, code: string, password: string | undefined, meta: OperatorSessionMeta) {
    const operator = await this.operatorOf(caller);
    if (operator.totpEnabled) throw new Refusal("totp_already_enabled");
    const secret = operator.totpSecret;
    if (!secret) throw new Refusal("totp_not_set_up");
    await this.proveOperator(operator, password, "totp_enable", meta);
    const step = this.stepOf(secret, code);
    return this.switchTotp(caller, true, meta, async (tx) => {
      if (!(await repo.enableTotp(tx, operator.id, secret, step))) throw new Refusal("totp_not_set_up");
    });
  }

  /**
   * Turns TOTP off with the password and a current, unused code, and forgets the secret. The password is checked
   * first, so a session alone cannot even try codes.
   */
  async totpDisable(caller: OperatorCaller, code: string, password: string | undefined, meta: OperatorSessionMeta) {
    const operator = await this.operatorOf(caller);
    if (!operator.totpEnabled || !operator.totpSecret) throw new Refusal("totp_not_enabled");
    await this.proveOperator(operator, password, "totp_disable", meta);
    const step = this.stepOf(operator.totpSecret, code);
    return this.switchTotp(caller, false, meta, async (tx) => {
      const off = { totpEnabled: false, totpSecret: null };
      if (!(await repo.useTotpStep(tx, operator.id, step, off))) throw new Refusal("totp_code_wrong");
    });
  }

  /**
   * The operator's own password before a TOTP change. Wrong ones count toward the email's sign-in lockout (the
   * same reserved check as login) and are audited, so a thief guessing with a stolen session shows in the log.
   */
  private async proveOperator(
    operator: { id: number; email: string; passwordHash: string },
    password: string | undefined,
    change: string,
    meta: OperatorSessionMeta,
  ) {
    if (!password) throw passwordRefusal("reauth_password");
    const ok = await this.throttle.attempt(operator.email, meta.ip ?? null, () =>
      verifyPassword(operator.passwordHash, password),
    );
    if (ok) return;
    await this.audit(this.db, {
      operatorId: operator.id,
      action: "operator.reauth_failed",
      target: { type: "operator", id: operator.id },
      after: { change },
      ip: meta.ip,
    });
    throw passwordRefusal("password_wrong");
  }

  private stepOf(secret: string, code: string): number {
    const step = matchTotpStep(secret, code, this.clock.now());
    if (step === null) throw new Refusal("totp_code_wrong");
    return step;
  }

  /**
   * Applies `change` (which refuses when it no longer applies), ends the operator's other sessions and audits both,
   * in one transaction: a session opened before the change, perhaps by whoever made it necessary, does not outlive it.
   */
  private async switchTotp(
    caller: OperatorCaller,
    on: boolean,
    meta: OperatorSessionMeta,
    change: (tx: Tx) => Promise<void>,
  ) {
    const { operatorId } = caller;
    await withTransaction(this.db, async (tx) => {
      await change(tx);
      const sessionsEnded = await this.sessions.endAll(tx, operatorId, caller.sessionId);
      await this.audit(tx, {
        operatorId,
        action: on ? "operator.totp_enable" : "operator.totp_disable",
        target: { type: "operator", id: operatorId },
        before: { totp_enabled: !on },
        after: { totp_enabled: on, sessions_ended: sessionsEnded },
        ip: meta.ip,
      });
    });
    return { totp_enabled: on };
  }

  /** Lockout recovery (CLI): TOTP off for `email` and every session of it ended; false when there is no such operator. */
  async resetTotp(email: string): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      const operator = await repo.clearTotp(tx, email.trim().toLowerCase());
      if (!operator) return false;
      const sessionsEnded = await this.sessions.endAll(tx, operator.id);
      await this.audit(tx, {
        operatorId: null,
        action: "operator.totp_reset",
        target: { type: "operator", id: operator.id },
        after: { totp_enabled: false, sessions_ended: sessionsEnded },
        reason: "cli",
      });
      return true;
    });
  }

  /** Where operator alerts go: every operator who may sign in. */
  alertRecipients(): Promise<string[]> {
    return repo.activeOperatorEmails(this.db);
  }

  async listOperators(): Promise<z.infer<typeof adminOperator>[]> {
    const rows = await repo.listOperators(this.db);
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      totp_enabled: r.totpEnabled,
      created_at: r.createdAt.toISOString(),
    }));
  }

  private async operatorOf(caller: OperatorCaller) {
    const operator = await repo.findOperatorById(this.db, caller.operatorId);
    if (!operator) throw new Unauthorized("session_expired");
    return operator;
  }

  resolveSession(token: string): Promise<OperatorCaller | null> {
    return this.sessions.resolve(token);
  }

  async logout(operator: OperatorCaller): Promise<void> {
    await this.sessions.end(operator);
  }

  /** Ends every session of the operator, the calling one included, and audits how many. */
  async signOutEverywhere(caller: OperatorCaller, meta: OperatorSessionMeta): Promise<{ revoked: number }> {
    return withTransaction(this.db, async (tx) => {
      const revoked = await this.sessions.endAll(tx, caller.operatorId);
      await this.audit(tx, {
        operatorId: caller.operatorId,
        action: "operator.sign_out_everywhere",
        target: { type: "operator", id: caller.operatorId },
        after: { sessions_ended: revoked },
        ip: meta.ip,
      });
      return { revoked };
    });
  }

  /** Writes one audit row; pass the transaction of the action so that both commit or neither. */
  audit(conn: Db | Tx, record: AuditRecord) {
    return repo.insertAudit(conn, {
      operatorId: record.operatorId,
      action: record.action,
      targetType: record.target?.type ?? null,
      targetId: record.target ? String(record.target.id) : null,
      before: record.before ?? null,
      after: record.after ?? null,
      reason: record.reason ?? null,
      ip: record.ip ?? null,
      createdAt: this.clock.now(),
    });
  }

  async auditList(
    page: number,
    list: number,
    filter: {
      action?: string | undefined;
      kind?: "change" | "read" | undefined;
      targetType?: string | undefined;
      operatorId?: number | undefined;
    },
  ): Promise<Paged<z.infer<typeof auditEntry>>> {
    const { items, total } = await repo.listAudit(this.db, { ...filter, limit: list, offset: (page - 1) * list });
    return {
      items: items.map(({ entry, operatorEmail }) => ({
        id: entry.id,
        operator_id: entry.operatorId,
        operator_email: operatorEmail,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
        created_at: entry.createdAt.toISOString(),
      })),
      total,
      page,
      list,
    };
  }
}
