import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { currencies, journalEntries, ledgerAccounts, postings } from "../../db/schema/ledger";
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
        ? { systemKey: ref.system, currency: ref.currency, kind: ref.system, balance: null }
        : { userId: ref.userId, currency: ref.currency, kind: ref.kind, balance: "0" },
    )
    .onConflictDoNothing();
  const created = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(refCondition(ref)).limit(1);
  if (!created[0]) throw new Error(`ledger account could not be created: ${JSON.stringify(ref)}`);
  return created[0].id;
}

/**
 * Locks user accounts for the rest of the transaction, in id order (the locks are taken as the sorted rows come
 * out), so two transactions that share users queue instead of deadlocking; `postMany` locks a whole batch's
 * accounts in this one statement. A deadlock that remains (a transaction posting twice) is retried by
 * `LedgerService.transaction`. The ids travel as one array parameter, whatever their number.
 */
export const lockAccounts = (tx: Tx, ids: number[]) =>
  tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${`{${ids.join(",")}}`}::int4[])`)
    .orderBy(asc(ledgerAccounts.id))
    .for("update");

/** int8 columns arrive as string (node-postgres) or bigint (PGlite); ids stay far below 2^53. */
const int = (v: unknown) => Number(v);
/** A whole batch travels as one JSON parameter, so a statement carries any number of rows in both drivers. */
const json = (rows: unknown[]) => JSON.stringify(rows);

export interface AccountRow {
  id: number;
  userId: number | null;
  systemKey: string | null;
  currency: string;
  kind: string;
}

const refRow = (ref: AccountRef, ord: number) =>
  "system" in ref
    ? { ord, user_id: null, system_key: ref.system, currency: ref.currency, kind: ref.system }
    : { ord, user_id: ref.userId, system_key: null, currency: ref.currency, kind: ref.kind };

/** The existing accounts among `refs` (one statement; user and system accounts each found through their index). */
export async function findAccounts(tx: Conn, refs: AccountRef[]): Promise<AccountRow[]> {
  if (refs.length === 0) return [];
  const input = json(refs.map(refRow));
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`with x as (
          select * from json_to_recordset(${input}::json)
            as x(ord int, user_id int, system_key text, currency text, kind text))
        select a.id, a.user_id, a.system_key, a.currency, a.kind
          from ${ledgerAccounts} a join x on a.user_id = x.user_id and a.currency = x.currency and a.kind = x.kind
        union all
        select a.id, a.user_id, a.system_key, a.currency, a.kind
          from ${ledgerAccounts} a join x on a.system_key = x.system_key and a.currency = x.currency`,
  );
  return rows.map((r) => ({
    id: int(r.id),
    userId: r.user_id === null ? null : int(r.user_id),
    systemKey: (r.system_key as string | null) ?? null,
    currency: String(r.currency),
    kind: String(r.kind),
  }));
}

/**
 * Creates the missing accounts at zero, in the order given (callers pass a fixed global order, so two first-time
 * movements cannot wait on each other). A concurrent creation of the same account is left to win.
 */
export async function createAccounts(tx: Conn, refs: AccountRef[]): Promise<void> {
  if (refs.length === 0) return;
  await tx.execute(
    sql`insert into ${ledgerAccounts} (user_id, system_key, currency, kind, balance)
        select user_id, system_key, currency, kind, case when user_id is null then null else 0 end
          from json_to_recordset(${json(refs.map(refRow))}::json)
            as x(ord int, user_id int, system_key text, currency text, kind text)
         order by ord
        on conflict do nothing`,
  );
}

export interface NewEntryRow {
  type: string;
  idempotencyKey: string;
  refType: string | null;
  refId: string | null;
  memo: string | null;
}

/**
 * Inserts the entries whose idempotency key does not exist yet, in the order given, and answers the id of each
 * inserted one by key. A key missing from the answer had already been posted.
 */
export async function insertEntries(tx: Tx, rows: NewEntryRow[], createdAt: Date): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const input = json(
    rows.map((r, ord) => ({
      ord,
      type: r.type,
      idempotency_key: r.idempotencyKey,
      ref_type: r.refType,
      ref_id: r.refId,
      memo: r.memo,
    })),
  );
  const inserted = await rowsOf<{ id: unknown; idempotency_key: string }>(
    tx,
    sql`insert into ${journalEntries} (type, ref_type, ref_id, idempotency_key, memo, created_at)
        select type, ref_type, ref_id, idempotency_key, memo, ${createdAt.toISOString()}::timestamptz
          from json_to_recordset(${input}::json)
            as x(ord int, type text, idempotency_key text, ref_type text, ref_id text, memo text)
         order by ord
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key`,
  );
  return new Map(inserted.map((r) => [r.idempotency_key, int(r.id)]));
}

/** The ids of already-posted entries, by key. */
export async function findEntryIds(db: Conn, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: journalEntries.id, key: journalEntries.idempotencyKey })
    .from(journalEntries)
    .where(inArray(journalEntries.idempotencyKey, keys));
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Inserts many postings in one statement, ids following the order given (bills list newest first by id). */
export interface PostingRow {
  entryId: number;
  accountId: number;
  amount: string;
  /** Null on a system account, which keeps no running balance. */
  balanceAfter: string | null;
}

/**
 * Sets the locked user accounts' new balances and inserts the postings that lead to them, in one statement: the
 * update runs as a data-modifying WITH beside the insert. Postings get ids in the order given (bills list newest
 * first by id).
 */
export async function writePostings(
  tx: Tx,
  balances: { accountId: number; balance: string }[],
  rows: PostingRow[],
  createdAt: Date,
) {
  if (rows.length === 0 && balances.length === 0) return;
  const newBalances = json(balances.map((r) => ({ id: r.accountId, balance: r.balance })));
  const input = json(
    rows.map((r, ord) => ({
      ord,
      entry_id: r.entryId,
      account_id: r.accountId,
      amount: r.amount,
      balance_after: r.balanceAfter,
    })),
  );
  await tx.execute(
    sql`with balances as (
          update ${ledgerAccounts} a set balance = b.balance
            from json_to_recordset(${newBalances}::json) as b(id int, balance numeric)
           where a.id = b.id)
        insert into ${postings} (entry_id, account_id, amount, balance_after, created_at)
        select entry_id, account_id, amount, balance_after, ${createdAt.toISOString()}::timestamptz
          from json_to_recordset(${input}::json)
            as x(ord int, entry_id bigint, account_id int, amount numeric, balance_after numeric)
         order by ord`,
  );
}

/**
 * Entries whose postings do not sum to zero in some currency (must always be none). Per currency: an exchange's
 * entry spans two currencies, and a surplus in one must not hide a shortfall in the other.
 */
export const unbalancedEntries = (db: Conn) =>
  db
    .select({
      entryId: postings.entryId,
      currency: ledgerAccounts.currency,
      sum: sql<string>`sum(${postings.amount})`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .groupBy(postings.entryId, ledgerAccounts.currency)
    .having(sql`sum(${postings.amount}) <> 0`);

/** User accounts whose balance differs from the sum of their postings (must always be none). */
export const mismatchedAccounts = (db: Conn) =>
  db
    .select({
      accountId: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      posted: sql<string>`coalesce((select sum(p.amount) from postings p where p.account_id = ${ledgerAccounts.id}), 0)`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        isNotNull(ledgerAccounts.userId),
        sql`${ledgerAccounts.balance} <> coalesce((select sum(p.amount) from postings p where p.account_id = ${ledgerAccounts.id}), 0)`,
      ),
    );

export const negativeUserAccounts = (db: Conn) =>
  db
    .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNotNull(ledgerAccounts.userId), sql`${ledgerAccounts.balance} < 0`));

/**
 * Per currency: the sum of user balances, and each system account's balance (the sum of its postings), for the
 * operators' ledger health.
 */
export const totalsByCurrency = (db: Conn) =>
  rowsOf<{ currency: string; owner: string; total: string }>(
    db,
    sql`select currency, 'users' as owner, sum(balance)::text as total
          from ${ledgerAccounts} where user_id is not null group by currency
        union all
        select a.currency, a.system_key as owner, coalesce(sum(p.amount), 0)::text as total
          from ${ledgerAccounts} a left join ${postings} p on p.account_id = a.id
         where a.system_key is not null group by a.currency, a.system_key`,
  );

/** The sum of one system account's postings: its balance. */
export async function systemAccountSum(db: Conn, system: string, currency: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(ledgerAccounts.systemKey, system), eq(ledgerAccounts.currency, currency)));
  return row?.total ?? "0";
}

/** What users hold per currency, as the sum of the postings of every user account (all kinds) in it. */
export const usersPostingSums = (db: Conn, currencyCodes: string[]) =>
  currencyCodes.length
    ? db
        .select({ currency: ledgerAccounts.currency, total: sql<string>`coalesce(sum(${postings.amount}), 0)::text` })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(and(isNotNull(ledgerAccounts.userId), inArray(ledgerAccounts.currency, currencyCodes)))
        .groupBy(ledgerAccounts.currency)
    : Promise.resolve([]);

/** Every currency's sum of all postings (users' and system accounts'): zero whenever the books balance. */
export const postingSumsByCurrency = (db: Conn) =>
  rowsOf<{ currency: string; total: string }>(
    db,
    sql`select c.code as currency, coalesce(sum(p.amount), 0)::text as total
          from ${currencies} c
          left join ${ledgerAccounts} a on a.currency = c.code
          left join ${postings} p on p.account_id = a.id
         group by c.code order by c.code`,
  );

/**
 * Every user's holding per currency (available, frozen and custody together) where it is not zero, from the stored
 * balances (equal to their postings, by the ledger's invariant): proof of reserves' leaves, read inside its snapshot.
 */
export const userHoldings = (db: Conn) =>
  rowsOf<{ user_id: number; currency: string; total: string }>(
    db,
    sql`select a.user_id, a.currency, sum(a.balance)::text as total
          from ${ledgerAccounts} a
         where a.user_id is not null
         group by a.user_id, a.currency
        having sum(a.balance) <> 0`,
  );

/** Every currency's places, enabled or not (a disabled currency may still be held). */
export const currencyPlaces = (db: Conn) =>
  db.select({ code: currencies.code, decimals: currencies.decimals }).from(currencies);
