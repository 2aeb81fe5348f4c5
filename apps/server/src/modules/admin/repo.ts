import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { auditLog, operatorSessions, operators } from "../../db/schema";

type Conn = Db | Tx;

export const findOperatorByEmail = async (db: Conn, email: string) =>
  (await db.select().from(operators).where(eq(operators.email, email)).limit(1))[0];

export const insertOperator = async (db: Conn, email: string, passwordHash: string) =>
  (await db.insert(operators).values({ email, passwordHash }).returning())[0]!;

export const setOperatorPassword = (db: Conn, id: number, passwordHash: string) =>
  db.update(operators).set({ passwordHash, disabled: false }).where(eq(operators.id, id));

export const insertOperatorSession = async (db: Conn, row: typeof operatorSessions.$inferInsert) =>
  (await db.insert(operatorSessions).values(row).returning({ id: operatorSessions.id }))[0]!;

export const findLiveOperatorSession = async (db: Conn, tokenHash: string, now: Date) =>
  (
    await db
      .select({ id: operatorSessions.id, operatorId: operatorSessions.operatorId })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          eq(operators.disabled, false),
        ),
      )
      .limit(1)
  )[0];

export const revokeOperatorSession = (db: Conn, id: number, at: Date) =>
  db.update(operatorSessions).set({ revokedAt: at }).where(eq(operatorSessions.id, id));

export const insertAudit = (db: Conn, row: typeof auditLog.$inferInsert) => db.insert(auditLog).values(row);

export interface AuditFilter {
  action?: string | undefined;
  targetType?: string | undefined;
  operatorId?: number | undefined;
  limit: number;
  offset: number;
}

export async function listAudit(db: Conn, f: AuditFilter) {
  const where = and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.operatorId ? eq(auditLog.operatorId, f.operatorId) : undefined,
  );
  const items = await db
    .select({ entry: auditLog, operatorEmail: operators.email })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { items, total: total?.n ?? 0 };
}
