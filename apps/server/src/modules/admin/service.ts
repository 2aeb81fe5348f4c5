import type { adminOperator, auditEntry, Paged } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal, Unauthorized } from "../../lib/errors";
import type { ThrottlePolicy } from "../../lib/login-throttle";
import { hashPassword, hashToken, newToken, PasswordVerifier } from "../../lib/secrets";
import { matchTotpStep, newTotpSecret } from "../../lib/totp";
import type { OperatorCaller } from "../../plugins/auth";
import { LoginThrottle } from "../accounts/throttle";
import * as repo from "./repo";

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Operator tokens carry a prefix so that logs and people can tell them from user tokens at a glance. */
const TOKEN_PREFIX = "op_";
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

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.throttle = new LoginThrottle(db, clock, LOGIN_THROTTLE, { scopePrefix: "operator_", perAddress: false });
  }

  /** Creates the operator, or resets its password when it exists (OPERATOR_EMAIL / OPERATOR_PASSWORD, CLI). */
  async ensureOperator(email: string, password: string): Promise<{ id: number; created: boolean }> {
    const normalized = email.trim().toLowerCase();
    return repo.upsertOperator(this.db, normalized, await hashPassword(password));
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
  async login(email: string, password: string, ip: string | undefined, totp?: string) {
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
    const token = newToken(TOKEN_PREFIX);
    const now = this.clock.now();
    await repo.insertOperatorSession(this.db, {
      operatorId: operator.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    await this.audit(this.db, { operatorId: operator.id, action: "operator.login", ip });
    return { token, operator: { id: operator.id, email: operator.email } };
  }

  // Two-step sign-in (TOTP) ---------------------------------------------------------------------------------------

  /** A new pending secret; the only answer that ever carries it. Refused while TOTP is on (disable first). */
  async totpSetup(caller: OperatorCaller, ip: string | undefined) {
    const operator = await this.operatorOf(caller);
    if (operator.totpEnabled) throw new Refusal("totp_already_enabled");
    const { secret, uri } = newTotpSecret(operator.email);
    await withTransaction(this.db, async (tx) => {
      if (!(await repo.setPendingTotpSecret(tx, operator.id, secret))) throw new Refusal("totp_already_enabled");
      const target = { type: "operator", id: operator.id };
      await this.audit(tx, { operatorId: operator.id, action: "operator.totp_setup", target, ip });
    });
    return { secret, otpauth_uri: uri };
  }

  /** Turns TOTP on when `code` is current for the pending secret; that code's step counts as used. */
  async totpEnable(caller: OperatorCaller, code: string, ip: string | undefined) {
    const operator = await this.operatorOf(caller);
    if (operator.totpEnabled) throw new Refusal("totp_already_enabled");
    const secret = operator.totpSecret;
    if (!secret) throw new Refusal("totp_not_set_up");
    const step = this.stepOf(secret, code);
    return this.switchTotp(operator.id, true, ip, async (tx) => {
      if (!(await repo.enableTotp(tx, operator.id, secret, step))) throw new Refusal("totp_not_set_up");
    });
  }

  /** Turns TOTP off with a current, unused code, and forgets the secret. */
  async totpDisable(caller: OperatorCaller, code: string, ip: string | undefined) {
    const operator = await this.operatorOf(caller);
    if (!operator.totpEnabled || !operator.totpSecret) throw new Refusal("totp_not_enabled");
    const step = this.stepOf(operator.totpSecret, code);
    return this.switchTotp(operator.id, false, ip, async (tx) => {
      const off = { totpEnabled: false, totpSecret: null };
      if (!(await repo.useTotpStep(tx, operator.id, step, off))) throw new Refusal("totp_code_wrong");
    });
  }

  private stepOf(secret: string, code: string): number {
    const step = matchTotpStep(secret, code, this.clock.now());
    if (step === null) throw new Refusal("totp_code_wrong");
    return step;
  }

  /** Applies `change` (which refuses when it no longer applies) and audits it, in one transaction. */
  private async switchTotp(operatorId: number, on: boolean, ip: string | undefined, change: (tx: Tx) => Promise<void>) {
    await withTransaction(this.db, async (tx) => {
      await change(tx);
      await this.audit(tx, {
        operatorId,
        action: on ? "operator.totp_enable" : "operator.totp_disable",
        target: { type: "operator", id: operatorId },
        before: { totp_enabled: !on },
        after: { totp_enabled: on },
        ip,
      });
    });
    return { totp_enabled: on };
  }

  /** Lockout recovery (CLI): TOTP off for `email`; false when there is no such operator. */
  async resetTotp(email: string): Promise<boolean> {
    const operator = await repo.clearTotp(this.db, email.trim().toLowerCase());
    if (!operator) return false;
    await this.audit(this.db, {
      operatorId: null,
      action: "operator.totp_reset",
      target: { type: "operator", id: operator.id },
      after: { totp_enabled: false },
      reason: "cli",
    });
    return true;
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

  async resolveSession(token: string): Promise<OperatorCaller | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const session = await repo.findLiveOperatorSession(this.db, hashToken(token), this.clock.now());
    return session ? { operatorId: session.operatorId, sessionId: session.id } : null;
  }

  async logout(operator: OperatorCaller): Promise<void> {
    await repo.revokeOperatorSession(this.db, operator.sessionId, this.clock.now());
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
