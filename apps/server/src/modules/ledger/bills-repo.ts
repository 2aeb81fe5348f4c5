import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import { journalEntries, ledgerAccounts, postings } from "../../db/schema/ledger";

/* What users read of their own postings: balances, bills (paged and keyset), sums by entry type. */

type Conn = Db | Tx;

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
/** What a bill is read from: the posting, its account, and the entry that explains it (postings joined to both). */
export const billColumns = {
  id: postings.id,
  entryId: postings.entryId,
  type: journalEntries.type,
  currency: ledgerAccounts.currency,
  account: ledgerAccounts.kind,
  amount: postings.amount,
  balanceAfter: postings.balanceAfter,
  refType: journalEntries.refType,
  refId: journalEntries.refId,
  createdAt: postings.createdAt,
};
export type BillRow = Awaited<ReturnType<typeof userPostings>>["items"][number];

export async function userPostings(db: Conn, f: BillFilter) {
  const where = billConditions(f);
  const items = await db
    .select(billColumns)
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

/**
 * A keyset page of one user's bills, newest first: postings with an id below `before` (none: from the newest). Each
 * of the user's accounts gives at most `limit` of its newest postings through its own index range (account_id, id),
 * and the page is the newest `limit` of those: a page reads about accounts x limit rows however deep it is and
 * however many other postings there are. (Scanning all postings by id and keeping the user's read every posting
 * made since the page's: 190 ms a page on PGlite for a user behind 40,000 others', issue 38.)
 */
export function userPostingsBefore(db: Db, page: KeysetPage) {
  const newest = db
    .select({
      id: postings.id,
      entryId: postings.entryId,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .where(
      and(
        eq(postings.accountId, ledgerAccounts.id),
        page.before === undefined ? undefined : lt(postings.id, page.before),
      ),
    )
    .orderBy(desc(postings.id))
    .limit(page.limit)
    .as("newest");
  return db
    .select({
      ...billColumns,
      id: newest.id,
      entryId: newest.entryId,
      amount: newest.amount,
      balanceAfter: newest.balanceAfter,
      createdAt: newest.createdAt,
    })
    .from(ledgerAccounts)
    .crossJoinLateral(newest)
    .innerJoin(journalEntries, eq(journalEntries.id, newest.entryId))
    .where(eq(ledgerAccounts.userId, page.userId))
    .orderBy(desc(newest.id))
    .limit(page.limit);
}
