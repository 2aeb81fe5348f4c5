import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { currencies, journalEntries, ledgerAccounts, postings } from "../../db/schema";
import type { AccountRef } from "./types";

type Conn = Db | Tx;

export const findCurrency = async (db: Conn, code: string) =>
  (await db.select().from(currencies).where(eq(currencies.code, code)).limit(1))[0];

export const listCurrencies = (db: Conn) =>
  db.select().from(currencies).where(eq(currencies.enabled, true)).orderBy(asc(currencies.sort), asc(currencies.code));

export async function insertCurrencies(db: Conn, rows: (typeof currencies.$inferInsert)[]) {
  if (rows.length) await db.insert(currencies).values(rows).onConflictDoNothing();
}

function refCondition(ref: AccountRef) {
  return "system" in ref
    ? and(eq(ledgerAccounts.systemKey, ref.system), eq(ledgerAccounts.currency, ref.currency))
    : and(
        eq(ledgerAccounts.userId, ref.userId),
        eq(ledgerAccounts.currency, ref.currency),
        eq(ledgerAccounts.kind, ref.kind),
      );
}

/** The account's id, creating the account at zero on first use. */
export async function ensureAccount(tx: Conn, ref: AccountRef): Promise<number> {
  const found = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(refCondition(ref)).limit(1);
  if (found[0]) return found[0].id;
  await tx
    .insert(ledgerAccounts)
    .values(
      "system" in ref
        ? { systemKey: ref.system, currency: ref.currency, kind: ref.system }
        : { userId: ref.userId, currency: ref.currency, kind: ref.kind },
    )
    .onConflictDoNothing();
  const created = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(refCondition(ref)).limit(1);
  if (!created[0]) throw new Error(`ledger account could not be created: ${JSON.stringify(ref)}`);
  return created[0].id;
}

/** Row locks in id order, so two movements over the same accounts can never deadlock. */
/**
 * Locks the accounts of one entry: system accounts (house, clearing, fees) first, then users', each by id. A
 * transaction that posts several entries (a settlement batch) therefore takes the shared system account before any
 * user's, so two such transactions queue on it instead of deadlocking over users they share.
 */
export const lockAccounts = (tx: Tx, ids: number[]) =>
  tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(sql`${ledgerAccounts.userId} is not null`, asc(ledgerAccounts.id))
    .for("update");

/** Inserts the entry unless its idempotency key exists; `undefined` means it had already been posted. */
export async function insertEntry(tx: Tx, row: typeof journalEntries.$inferInsert): Promise<number | undefined> {
  const inserted = await tx
    .insert(journalEntries)
    .values(row)
    .onConflictDoNothing({ target: journalEntries.idempotencyKey })
    .returning({ id: journalEntries.id });
  return inserted[0]?.id;
}

export const findEntryByKey = async (db: Conn, key: string) =>
  (await db.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key)).limit(1))[0];

export const setBalance = (tx: Tx, accountId: number, balance: string) =>
  tx.update(ledgerAccounts).set({ balance }).where(eq(ledgerAccounts.id, accountId));

export const insertPostings = (tx: Tx, rows: (typeof postings.$inferInsert)[]) => tx.insert(postings).values(rows);

export const userBalances = (db: Conn, userId: number) =>
  db
    .select({ currency: ledgerAccounts.currency, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));

export interface BillFilter {
  userId: number;
  type?: string | undefined;
  currency?: string | undefined;
  limit: number;
  offset: number;
}

function billConditions(f: BillFilter) {
  return and(
    eq(ledgerAccounts.userId, f.userId),
    f.type ? eq(journalEntries.type, f.type) : undefined,
    f.currency ? eq(ledgerAccounts.currency, f.currency) : undefined,
  );
}

/** A user's postings, newest first, with the entry that explains each. */
export async function userPostings(db: Conn, f: BillFilter) {
  const where = billConditions(f);
  const items = await db
    .select({
      id: postings.id,
      type: journalEntries.type,
      currency: ledgerAccounts.currency,
      account: ledgerAccounts.kind,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      refType: journalEntries.refType,
      refId: journalEntries.refId,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    .orderBy(desc(postings.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db
    .select({ n: count() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where);
  return { items, total: total?.n ?? 0 };
}

/** Entries whose postings do not sum to zero (must always be none). */
export const unbalancedEntries = (db: Conn) =>
  db
    .select({ entryId: postings.entryId, sum: sql<string>`sum(${postings.amount})` })
    .from(postings)
    .groupBy(postings.entryId)
    .having(sql`sum(${postings.amount}) <> 0`);

/** Accounts whose balance differs from the sum of their postings (must always be none). */
export const mismatchedAccounts = (db: Conn) =>
  db
    .select({
      accountId: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      posted: sql<string>`coalesce((select sum(p.amount) from postings p where p.account_id = ${ledgerAccounts.id}), 0)`,
    })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.balance} <> coalesce((select sum(p.amount) from postings p where p.account_id = ${ledgerAccounts.id}), 0)`,
    );

export const negativeUserAccounts = (db: Conn) =>
  db
    .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNotNull(ledgerAccounts.userId), sql`${ledgerAccounts.balance} < 0`));

/** Per currency: the sum of user balances and each system account, for the operators' ledger health. */
export const totalsByCurrency = (db: Conn) =>
  db
    .select({
      currency: ledgerAccounts.currency,
      owner: sql<string>`coalesce(${ledgerAccounts.systemKey}, 'users')`,
      total: sql<string>`sum(${ledgerAccounts.balance})`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.currency, sql`coalesce(${ledgerAccounts.systemKey}, 'users')`);

/** The sum of a user's postings of one entry type in [from, to). */
export async function sumUserPostings(db: Conn, userId: number, type: string, from: Date, to: Date) {
  return db
    .select({ currency: ledgerAccounts.currency, total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(journalEntries.type, type),
        gte(postings.createdAt, from),
        lt(postings.createdAt, to),
      ),
    )
    .groupBy(ledgerAccounts.currency);
}
