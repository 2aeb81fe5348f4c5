import { and, asc, count, desc, eq, gt, isNull, like, lt, ne, notLike, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { auditLog, operatorSessions, operators } from "../../db/schema/admin";

type Conn = Db | Tx;

export const findOperatorByEmail = async (db: Conn, email: string) =>
  (await db.select().from(operators).where(eq(operators.email, email)).limit(1))[0];

/**
 * Creates the operator, or sets its password and enables it when the email exists: one statement, so instances
 * starting together on a new database do not both insert. `created` is PostgreSQL's "no earlier row version".
 */
export const upsertOperator = async (db: Conn, email: string, passwordHash: string) =>
  (
    await db
      .insert(operators)
      .values({ email, passwordHash })
      .onConflictDoUpdate({ target: operators.email, set: { passwordHash, disabled: false } })
      .returning({ id: operators.id, created: sql<boolean>`(xmax = 0)` })
  )[0]!;

export const findOperatorById = async (db: Conn, id: number) =>
  (await db.select().from(operators).where(eq(operators.id, id)).limit(1))[0];

export const listOperators = (db: Conn) =>
  db
    .select({
      id: operators.id,
      email: operators.email,
      totpEnabled: operators.totpEnabled,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.id));

/** Stores a new pending secret; does nothing once TOTP is on (the active secret is never replaced). */
export const setPendingTotpSecret = async (db: Conn, id: number, secret: string) =>
  (
    await db
      .update(operators)
      .set({ totpSecret: secret, totpLastStep: null })
      .where(and(eq(operators.id, id), eq(operators.totpEnabled, false)))
      .returning({ id: operators.id })
  ).length === 1;

/** Turns TOTP on for the secret the code was checked against (not one a concurrent setup put in its place). */
export const enableTotp = async (db: Conn, id: number, secret: string, step: number) =>
  (
    await db
      .update(operators)
      .set({ totpEnabled: true, totpLastStep: step })
      .where(and(eq(operators.id, id), eq(operators.totpEnabled, false), eq(operators.totpSecret, secret)))
      .returning({ id: operators.id })
  ).length === 1;

/**
 * Records `step` as used when it is later than the last used one, in one statement, so that two requests with
 * the same code cannot both pass; `changes` are applied in the same update (disabling clears the secret).
 */
export const useTotpStep = async (
  db: Conn,
  id: number,
  step: number,
  changes: Partial<Pick<typeof operators.$inferInsert, "totpEnabled" | "totpSecret">> = {},
) =>
  (
    await db
      .update(operators)
      .set({ totpLastStep: step, ...changes })
      .where(
        and(
          eq(operators.id, id),
          eq(operators.totpEnabled, true),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
        ),
      )
      .returning({ id: operators.id })
  ).length === 1;

/** Lockout recovery from the CLI: TOTP off and the secret forgotten. */
export const clearTotp = async (db: Conn, email: string) =>
  (
    await db
      .update(operators)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
      .where(eq(operators.email, email))
      .returning({ id: operators.id })
  )[0];

export const insertOperatorSession = async (db: Conn, row: typeof operatorSessions.$inferInsert) =>
  (await db.insert(operatorSessions).values(row).returning({ id: operatorSessions.id }))[0]!;

/** Raw SQL answers come back as `{rows}` on both PGlite and node-postgres. */
const rowsOf = async <T>(db: Conn, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The live session of `tokenHash` (not revoked, not past its end, used after `idleSince`, its operator enabled),
 * marking it used at `now` when its last use is before `touchBefore`: the check and the write are one statement,
 * and a session used within the last minute is read without being written.
 */
export async function useLiveOperatorSession(
  db: Conn,
  tokenHash: string,
  at: { now: Date; idleSince: Date; touchBefore: Date },
) {
  const now = at.now.toISOString();
  const idleSince = at.idleSince.toISOString();
  const rows = await rowsOf<{ id: number; operator_id: number }>(
    db,
    sql`with live as (
          select s.id, s.operator_id, s.last_used_at
            from ${operatorSessions} s join ${operators} o on o.id = s.operator_id
           where s.token_hash = ${tokenHash} and s.revoked_at is null and not o.disabled
             and s.expires_at > ${now}::timestamptz and s.last_used_at > ${idleSince}::timestamptz
        ), touched as (
          update ${operatorSessions} s set last_used_at = ${now}::timestamptz
            from live
           where s.id = live.id and live.last_used_at < ${at.touchBefore.toISOString()}::timestamptz
             and s.revoked_at is null and s.last_used_at > ${idleSince}::timestamptz
          returning s.id
        )
        select id, operator_id from live`,
  );
  const row = rows[0];
  return row ? { id: Number(row.id), operatorId: Number(row.operator_id) } : undefined;
}

/** The operator's sessions still signed in at `now` (none idle since `idleSince`), last used first. */
export const listLiveOperatorSessions = (
  db: Conn,
  operatorId: number,
  at: { now: Date; idleSince: Date },
  page: { limit: number; offset: number },
) =>
  db
    .select({
      id: operatorSessions.id,
      createdAt: operatorSessions.createdAt,
      lastUsedAt: operatorSessions.lastUsedAt,
      ip: operatorSessions.ip,
      userAgent: operatorSessions.userAgent,
    })
    .from(operatorSessions)
    .where(liveSessionsOf(operatorId, at))
    .orderBy(desc(operatorSessions.lastUsedAt), desc(operatorSessions.id))
    .limit(page.limit)
    .offset(page.offset);

export const countLiveOperatorSessions = async (db: Conn, operatorId: number, at: { now: Date; idleSince: Date }) =>
  (await db.select({ n: count() }).from(operatorSessions).where(liveSessionsOf(operatorId, at)))[0]?.n ?? 0;

const liveSessionsOf = (operatorId: number, at: { now: Date; idleSince: Date }) =>
  and(
    eq(operatorSessions.operatorId, operatorId),
    isNull(operatorSessions.revokedAt),
    gt(operatorSessions.expiresAt, at.now),
    gt(operatorSessions.lastUsedAt, at.idleSince),
  );

export const revokeOperatorSession = (db: Conn, id: number, at: Date) =>
  db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));

/** Revokes every live session of the operator but `keepId` when given; answers how many. */
export const revokeOperatorSessions = async (
  db: Conn,
  operatorId: number,
  at: { now: Date; idleSince: Date },
  keepId?: number,
) =>
  (
    await db
      .update(operatorSessions)
      .set({ revokedAt: at.now })
      .where(and(liveSessionsOf(operatorId, at), keepId === undefined ? undefined : ne(operatorSessions.id, keepId)))
      .returning({ id: operatorSessions.id })
  ).length;

export const insertAudit = (db: Conn, row: typeof auditLog.$inferInsert) => db.insert(auditLog).values(row);

/** Reads of users' personal data are audited as `read.<what>` (decision 099); every other action is a change. */
const READS = "read.%";

export interface AuditFilter {
  action?: string | undefined;
  kind?: "change" | "read" | undefined;
  targetType?: string | undefined;
  operatorId?: number | undefined;
  limit: number;
  offset: number;
}

export async function listAudit(db: Conn, f: AuditFilter) {
  const where = and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.kind === "read"
      ? like(auditLog.action, READS)
      : f.kind === "change"
        ? notLike(auditLog.action, READS)
        : undefined,
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

/** The emails of the operators who may sign in (operator alerts go to them). */
export const activeOperatorEmails = async (db: Conn) =>
  (await db.select({ email: operators.email }).from(operators).where(eq(operators.disabled, false))).map(
    (r) => r.email,
  );
