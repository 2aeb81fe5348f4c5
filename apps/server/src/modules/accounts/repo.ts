import { and, count, desc, eq, gt, gte, inArray, isNull, lt, max, min, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailCodes, emailOutbox, loginFailures, sessions, siweNonces } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";

type Conn = Db | Tx;

// Users ---------------------------------------------------------------------------------------------------------

export const findUserById = async (db: Conn, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** Sets the user's mail language and time zone, writing only when either differs. */
export async function setUserPreferences(db: Conn, id: number, locale: string, timeZone: string | null) {
  await db
    .update(users)
    .set({ locale, timeZone })
    .where(
      and(
        eq(users.id, id),
        or(sql`${users.locale} is distinct from ${locale}`, sql`${users.timeZone} is distinct from ${timeZone}`),
      ),
    );
}

export const findUserByEmail = async (db: Conn, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const findUserByAddress = async (db: Conn, address: string) =>
  (await db.select().from(users).where(sql`lower(${users.address}) = ${address.toLowerCase()}`).limit(1))[0];

/** The new user's id, or `undefined` when the email is already taken. */
export async function insertEmailUser(tx: Conn, email: string, passwordHash: string, createdAt: Date) {
  const rows = await tx
    .insert(users)
    .values({ email, passwordHash, createdAt })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id;
}

/** Creates the wallet user unless the address already has one; either way returns its id. */
export async function ensureWalletUser(tx: Conn, address: string, createdAt: Date): Promise<number> {
  await tx.insert(users).values({ address, createdAt }).onConflictDoNothing();
  const found = await findUserByAddress(tx, address);
  if (!found) throw new Error("wallet user could not be created");
  return found.id;
}

export const setPassword = (db: Conn, id: number, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, id));

// Sessions ------------------------------------------------------------------------------------------------------

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Conn, row: typeof sessions.$inferInsert) {
  const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  if (!created) throw new Error("session not created");
  return created.id;
}

/** The live sessions among some token hashes: not revoked and not expired at `now`. */
const liveSessionsQuery = (db: Db) =>
  db
    .select()
    .from(sessions)
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder("tokenHashes")}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("find_live_sessions");
const liveSessionsQueries = new WeakMap<Db, ReturnType<typeof liveSessionsQuery>>();

/**
 * Runs for every signed-in request, so it is a prepared statement (planned once per connection) that answers for
 * many requests at once (the accounts service coalesces concurrent lookups). Token hashes are hex, so the array
 * literal needs no quoting.
 */
export const findLiveSessions = async (db: Db, tokenHashes: string[], now: Date) => {
  const query = liveSessionsQueries.get(db) ?? liveSessionsQuery(db);
  liveSessionsQueries.set(db, query);
  return query.execute({ tokenHashes: `{${tokenHashes.join(",")}}`, now: now.toISOString() });
};

export const findSession = async (db: Conn, id: number) =>
  (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0];

export const touchSession = (db: Conn, id: number, lastSeenAt: Date, expiresAt: Date) =>
  db
    .update(sessions)
    .set({ lastSeenAt, expiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));

export const revokeSession = (db: Conn, id: number, at: Date) =>
  db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));

/** Signs out every live session of the user except `keep`; the number signed out. */
export async function revokeUserSessions(db: Conn, userId: number, at: Date, keep?: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export const listUserSessions = (db: Conn, userId: number, limit: number, offset: number) =>
  db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(limit).offset(offset);

export async function countUserSessions(db: Conn, userId: number) {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

// Email codes ---------------------------------------------------------------------------------------------------

/** Serialises code requests for one email across transactions and server instances. */
export const lockEmail = (tx: Tx, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email_code:${email}`}))`);

export const latestCodeForEmail = async (db: Conn, email: string) =>
  (await db.select().from(emailCodes).where(eq(emailCodes.email, email)).orderBy(desc(emailCodes.id)).limit(1))[0];

/** Codes requested from `ip` since `since`, and the first of them (to say when the window frees up). */
export async function codesFromIpSince(db: Conn, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count(), first: min(emailCodes.createdAt) })
    .from(emailCodes)
    .where(and(eq(emailCodes.ip, ip), gte(emailCodes.createdAt, since)));
  return { count: row?.n ?? 0, first: row?.first ?? null };
}

export const insertCode = (db: Conn, row: typeof emailCodes.$inferInsert) => db.insert(emailCodes).values(row);

/** Marks the code used unless another request got there first; true when this call consumed it. */
export async function consumeCode(db: Conn, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: at })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/**
 * Reserves one guess of the newest code for this email and event, in one statement, while it is unused, unexpired and
 * has guesses left: concurrent guesses each take their own, and none past the limit. The code's id and hash, or
 * `undefined` when no guess is left (or there is no live code).
 */
export async function reserveCodeGuess(db: Conn, email: string, event: string, now: Date, maxGuesses: number) {
  const newest = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.event, event)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        sql`${emailCodes.id} = (${newest})`,
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, maxGuesses),
      ),
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash });
  return rows[0];
}

/** Gives back a guess reserved by `reserveCodeGuess` that turned out right: only wrong guesses count. */
export const returnCodeGuess = (db: Conn, id: number) =>
  db
    .update(emailCodes)
    .set({ attempts: sql`greatest(${emailCodes.attempts} - 1, 0)` })
    .where(eq(emailCodes.id, id));

// Outbox --------------------------------------------------------------------------------------------------------

export async function insertOutboxMail(db: Conn, row: typeof emailOutbox.$inferInsert): Promise<number> {
  const [created] = await db.insert(emailOutbox).values(row).returning({ id: emailOutbox.id });
  if (!created) throw new Error("outbox row not created");
  return created.id;
}

export const markOutboxSent = (db: Conn, id: number, sentAt: Date) =>
  db.update(emailOutbox).set({ sentAt, error: null }).where(eq(emailOutbox.id, id));

export const markOutboxFailed = (db: Conn, id: number, error: string) =>
  db.update(emailOutbox).set({ error }).where(eq(emailOutbox.id, id));

export const listOutbox = (db: Conn, limit: number, offset: number) =>
  db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).offset(offset);

export async function countOutbox(db: Conn) {
  const [row] = await db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

// Wallet nonces -------------------------------------------------------------------------------------------------

export const insertNonce = (db: Conn, row: typeof siweNonces.$inferInsert) => db.insert(siweNonces).values(row);

/** Expired nonces are of no use to anyone; dropping them keeps the table small. */
export const deleteExpiredNonces = (db: Conn, before: Date) =>
  db.delete(siweNonces).where(lt(siweNonces.expiresAt, before));

/** Uses the nonce if it was issued for `address`, is unused and unexpired; true when this call used it. */
export async function useNonce(db: Conn, nonce: string, address: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(siweNonces.nonce, nonce),
        eq(siweNonces.address, address.toLowerCase()),
        isNull(siweNonces.usedAt),
        gt(siweNonces.expiresAt, now),
      ),
    )
    .returning({ id: siweNonces.id });
  return rows.length > 0;
}

// Login failures ------------------------------------------------------------------------------------------------

/**
 * Serialises sign-in attempts on one account and on one address, across transactions and instances: always the
 * account's lock first, so two attempts never wait on each other in opposite orders. (Two-key advisory locks, class
 * 1 for accounts and 2 for addresses, apart from the one-key locks elsewhere.)
 */
export async function lockLoginKeys(tx: Tx, account: string | null, ip: string | null) {
  if (account !== null) await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${account}))`);
  if (ip !== null) await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${ip}))`);
}

/** Returns the ids of the rows, so that a reserved attempt can be taken back. */
export const insertFailures = async (db: Conn, rows: (typeof loginFailures.$inferInsert)[]) =>
  rows.length ? db.insert(loginFailures).values(rows).returning({ id: loginFailures.id }) : [];

/** Per scope, the failures under `keys` since `since`: how many, the first and the last. */
export async function failureTallies(db: Conn, keys: { scope: string; key: string }[], since: Date) {
  if (!keys.length) return [];
  return db
    .select({
      scope: loginFailures.scope,
      count: count(),
      first: min(loginFailures.createdAt),
      last: max(loginFailures.createdAt),
    })
    .from(loginFailures)
    .where(
      and(
        gte(loginFailures.createdAt, since),
        or(...keys.map((k) => and(eq(loginFailures.scope, k.scope), eq(loginFailures.key, k.key)))),
      ),
    )
    .groupBy(loginFailures.scope);
}

export const deleteFailuresById = (db: Conn, ids: number[]) =>
  ids.length ? db.delete(loginFailures).where(inArray(loginFailures.id, ids)) : Promise.resolve();

export const clearFailures = (db: Conn, scope: string, key: string) =>
  db.delete(loginFailures).where(and(eq(loginFailures.scope, scope), eq(loginFailures.key, key)));

/** Every failure of the account, from any address: its `pairScope` keys are the account, `|`, the address. */
export const clearAccountFailures = (db: Conn, accountScope: string, pairScope: string, account: string) =>
  db
    .delete(loginFailures)
    .where(
      or(
        and(eq(loginFailures.scope, accountScope), eq(loginFailures.key, account)),
        and(eq(loginFailures.scope, pairScope), sql`starts_with(${loginFailures.key}, ${`${account}|`})`),
      ),
    );

export const deleteFailuresBefore = (db: Conn, before: Date) =>
  db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
