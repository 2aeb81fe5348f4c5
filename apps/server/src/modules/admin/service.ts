import type { auditEntry, Paged } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../lib/secrets";
import type { OperatorCaller } from "../../plugins/auth";
import * as repo from "./repo";

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Operator tokens carry a prefix so that logs and people can tell them from user tokens at a glance. */
const TOKEN_PREFIX = "op_";

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
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Creates the operator, or resets its password when it exists (OPERATOR_EMAIL / OPERATOR_PASSWORD, CLI). */
  async ensureOperator(email: string, password: string): Promise<{ id: number; created: boolean }> {
    const normalized = email.trim().toLowerCase();
    const passwordHash = await hashPassword(password);
    const existing = await repo.findOperatorByEmail(this.db, normalized);
    if (existing) {
      await repo.setOperatorPassword(this.db, existing.id, passwordHash);
      return { id: existing.id, created: false };
    }
    const created = await repo.insertOperator(this.db, normalized, passwordHash);
    return { id: created.id, created: true };
  }

  async hasOperators(): Promise<boolean> {
    return (await this.db.query.operators.findFirst()) !== undefined;
  }

  async login(email: string, password: string, ip: string | undefined) {
    const operator = await repo.findOperatorByEmail(this.db, email);
    const ok = operator && !operator.disabled && (await verifyPassword(operator.passwordHash, password));
    if (!operator || !ok) {
      await this.audit(this.db, {
        operatorId: operator?.id ?? null,
        action: "operator.login_failed",
        ip,
        after: { email },
      });
      throw new Refusal("operator_login_failed");
    }
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
    filter: { action?: string | undefined; targetType?: string | undefined; operatorId?: number | undefined },
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
