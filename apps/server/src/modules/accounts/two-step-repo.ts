import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { userRecoveryCodes, userTotp } from "../../db/schema/accounts";

type Conn = Db | Tx;

/** The second factor's rows: a user's TOTP secret and recovery codes. */
export const findTotp = async (db: Conn, userId: number) =>
  (await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1))[0];

/**
 * Stores a new pending secret for the session that asked (replacing a pending one); does nothing once TOTP is on.
 * True when stored.
 */
export async function setPendingTotp(
  db: Conn,
  userId: number,
  secret: string,
  at: Date,
  sessionId: number,
): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret, createdAt: at, sessionId })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, createdAt: at, lastStep: null, sessionId },
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Turns TOTP on for the secret the code was checked against (not one a concurrent setup put in its place), from
 * the session that set it up.
 */
export async function enableTotp(db: Conn, userId: number, secret: string, step: number, at: Date, sessionId: number) {
  const rows = await db
    .update(userTotp)
    .set({ enabledAt: at, lastStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNull(userTotp.enabledAt),
        eq(userTotp.secret, secret),
        eq(userTotp.sessionId, sessionId),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Records `step` as used when it is later than the last used one, in one statement, so a code passes once. */
export async function useTotpStep(db: Conn, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        sql`${userTotp.enabledAt} is not null`,
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** TOTP off: the secret and every recovery code are forgotten. */
export async function deleteTotp(tx: Conn, userId: number) {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function replaceRecoveryCodes(tx: Conn, userId: number, codeHashes: string[], at: Date) {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Whether the user has this recovery code, unused (`useRecoveryCode` uses it up). */
export async function hasUnusedRecoveryCode(db: Conn, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: userRecoveryCodes.id })
    .from(userRecoveryCodes)
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Uses the recovery code if it is the user's and unused; true when this call used it. */
export async function useRecoveryCode(db: Conn, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
}
