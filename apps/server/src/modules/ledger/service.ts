import type { Balance, Paged } from "@cryptos/contract";
import type Decimal from "decimal.js";
import type { Db, Tx } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import { afterCommit, withTransaction } from "../../db/transaction";
import { BoundedMap } from "../../lib/bounded-map";
import { CachedRead, PUBLIC_CONTENT_CACHE } from "../../lib/cached-read";
import type { Clock } from "../../lib/clock";
import { COLUMN_LIMIT, Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import * as billsRepo from "./bills-repo";
import * as repo from "./repo";
import type { AccountRef, EntryInput, EntryType, PostedEntry, SystemAccountKey } from "./types";

export type { AccountRef, EntryInput, PostedEntry } from "./types";

const accountKey = (ref: AccountRef) =>
  "system" in ref ? `s:${ref.system}:${ref.currency}` : `u:${ref.userId}:${ref.currency}:${ref.kind}`;

export interface LedgerHealth {
  ok: boolean;
  unbalancedEntries: number;
  mismatchedAccounts: number;
  negativeUserAccounts: number;
  totals: { currency: string; owner: string; total: string }[];
}

export interface Bill {
  id: number;
  entry_id: number;
  type: string;
  currency: string;
  account: string;
  amount: string;
  balance_after: string;
  ref: string | null;
  created_at: string;
}

/**
 * The only way money moves. Every movement is one journal entry whose postings sum to zero, written inside the
 * caller's transaction together with the business row it pays for.
 */
export class LedgerService {
  /**
   * Account ids by `accountKey`. An account is never deleted and keeps its id, so most postings skip the lookup;
   * an id is remembered only once the transaction that found it has committed, so an account
   * created by a transaction that rolled back is never remembered (`afterCommit`).
   */
  private readonly knownAccounts = new BoundedMap<string, number>(100_000);
  /** Every first visit reads the currencies; they change only when a release's seed adds one (at its start). */
  private readonly publicCurrencies = new CachedRead(async () => {
    const rows = await repo.listCurrencies(this.db);
    return { items: rows.map((c) => ({ code: c.code, name: c.name, decimals: c.decimals })) };
  }, PUBLIC_CONTENT_CACHE);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Posts one entry inside `tx`. Locks the touched accounts (system accounts first, then users', each by id),
   * refuses with `insufficient_balance` when a user account would go below zero and with `balance_limit` when it
   * would reach 10^20 (past NUMERIC(38, 18)), and posts nothing when the idempotency key has already posted.
   */
  async post(tx: Tx, input: EntryInput): Promise<PostedEntry> {
    const [posted] = await this.postMany(tx, [input]);
    return posted as PostedEntry;
  }

  /**
   * Posts many entries inside `tx` with a handful of statements whatever their number, with every rule of `post`:
   * each entry balances in each currency (checked before anything is written); an entry whose idempotency key has
   * already posted (before, or earlier in the same batch) is skipped entirely and answered as a duplicate; all the
   * touched user accounts are locked at once, by id (system accounts are not locked: they keep no stored
   * balance); no user account goes below zero at any posting, and each user posting's `balance_after` runs on
   * from the previous posting to the same account, across entries in the order given. All or nothing: a refusal rolls the whole
   * batch back with the caller's transaction. Answers one result per input, in order.
   */
  async postMany(tx: Tx, inputs: EntryInput[]): Promise<PostedEntry[]> {
    const entries = inputs.map((input) => {
      const lines = input.postings.map((p) => ({ account: p.account, amount: new Money(p.amount) }));
      const sums = new Map<string, Decimal>();
      for (const l of lines) {
        if (l.amount.isZero()) throw new Error(`journal entry ${input.idempotencyKey} has a zero posting`);
        if (l.amount.abs().gte(COLUMN_LIMIT)) throw new Refusal("balance_limit", { currency: l.account.currency });
        sums.set(l.account.currency, (sums.get(l.account.currency) ?? new Money(0)).plus(l.amount));
      }
      for (const [currency, sum] of sums) {
        if (!sum.isZero()) {
          throw new Error(`journal entry ${input.idempotencyKey} does not balance in ${currency}: ${sum.toFixed()}`);
        }
      }
      return { input, lines };
    });

    // A key repeated inside the batch posts once, like the same entry posted twice in a row.
    const firstOfKey = new Map<string, number>();
    entries.forEach((e, i) => {
      if (!firstOfKey.has(e.input.idempotencyKey)) firstOfKey.set(e.input.idempotencyKey, i);
    });
    const candidates = entries.filter((e, i) => firstOfKey.get(e.input.idempotencyKey) === i);

    const at = this.clock.now();
    const inserted = await repo.insertEntries(
      tx,
      candidates.map(({ input }) => ({
        type: input.type,
        idempotencyKey: input.idempotencyKey,
        refType: input.ref?.type ?? null,
        refId: input.ref ? String(input.ref.id) : null,
        memo: input.memo ?? null,
      })),
      at,
    );
    const fresh = candidates.filter((e) => inserted.has(e.input.idempotencyKey));
    const earlier = await repo.findEntryIds(
      tx,
      candidates.filter((e) => !inserted.has(e.input.idempotencyKey)).map((e) => e.input.idempotencyKey),
    );

    const refs = fresh.flatMap((e) => e.lines.map((l) => l.account));
    const accounts = await this.accountIds(tx, refs);
    // Only user accounts are locked and carry a running balance; a system account's balance is the sum of its
    // postings (schema ledger.ts), so movements never queue on the house row.
    const userAccountIds = new Set<number>();
    for (const ref of refs) if (!("system" in ref)) userAccountIds.add(accounts.get(accountKey(ref)) as number);
    const ids = [...userAccountIds];
    const locked = new Map(ids.length ? (await repo.lockAccounts(tx, ids)).map((a) => [a.id, a]) : []);

    const balances = new Map<number, Decimal>();
    const rows: repo.PostingRow[] = [];
    for (const { input, lines } of fresh) {
      const entryId = inserted.get(input.idempotencyKey) as number;
      for (const line of lines) {
        const accountId = accounts.get(accountKey(line.account)) as number;
        if ("system" in line.account) {
          rows.push({ entryId, accountId, amount: toAmount(line.amount), balanceAfter: null });
          continue;
        }
        const account = locked.get(accountId);
        if (!account) throw new Error(`ledger account ${accountId} vanished`);
        const next = (balances.get(accountId) ?? new Money(account.balance ?? "0")).plus(line.amount);
        if (next.isNegative()) {
          throw new Refusal("insufficient_balance", { currency: line.account.currency });
        }
        // Past NUMERIC(38, 18) the write would fail as a fault; refused like any other movement that cannot be.
        if (next.gte(COLUMN_LIMIT)) throw new Refusal("balance_limit", { currency: line.account.currency });
        balances.set(accountId, next);
        rows.push({ entryId, accountId, amount: toAmount(line.amount), balanceAfter: toAmount(next) });
      }
    }
    await repo.writePostings(
      tx,
      [...balances].map(([accountId, balance]) => ({ accountId, balance: toAmount(balance) })),
      rows,
      at,
    );

    return entries.map(({ input }, i) => {
      const key = input.idempotencyKey;
      const id = inserted.get(key);
      if (id !== undefined && firstOfKey.get(key) === i) return { entryId: id, duplicate: false };
      return { entryId: id ?? earlier.get(key) ?? 0, duplicate: true };
    });
  }

  /**
   * The id of every account in `refs` by `accountKey`, creating the missing ones at zero. Accounts are created in
   * one fixed order, so two first-time movements cannot wait on each other.
   */
  private async accountIds(tx: Tx, refs: AccountRef[]): Promise<Map<string, number>> {
    const unique = new Map<string, AccountRef>();
    for (const ref of refs) unique.set(accountKey(ref), ref);
    const ids = new Map<string, number>();
    const found = async (wanted: AccountRef[]) => {
      for (const a of await repo.findAccounts(tx, wanted)) {
        const key = a.systemKey !== null ? `s:${a.systemKey}:${a.currency}` : `u:${a.userId}:${a.currency}:${a.kind}`;
        ids.set(key, a.id);
        // Remembered only once the transaction commits: an account created in a rolled-back one does not exist.
        afterCommit(tx, () => this.knownAccounts.set(key, a.id));
      }
    };
    for (const key of unique.keys()) {
      const id = this.knownAccounts.get(key);
      if (id !== undefined) ids.set(key, id);
    }
    if (ids.size === unique.size) return ids;
    await found([...unique.values()].filter((ref) => !ids.has(accountKey(ref))));
    const missing = [...unique].filter(([key]) => !ids.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (missing.length) {
      await repo.createAccounts(
        tx,
        missing.map(([, ref]) => ref),
      );
      await found(missing.map(([, ref]) => ref));
      for (const [key, ref] of missing) {
        if (!ids.has(key)) throw new Error(`ledger account could not be created: ${JSON.stringify(ref)}`);
      }
    }
    return ids;
  }

  /** `withTransaction` on the ledger's database (tests and scripts post money through it). */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return withTransaction(this.db, work);
  }

  /** Locks one user balance for the rest of `tx` and returns it (creating the account at zero). */
  async lockBalance(tx: Tx, ref: Extract<AccountRef, { userId: number }>): Promise<Decimal> {
    const id = await repo.ensureAccount(tx, ref);
    const [row] = await repo.lockAccounts(tx, [id]);
    return new Money(row?.balance ?? "0");
  }

  /** An enabled currency; inside a transaction pass its `tx`. */
  async currency(code: string, conn: Db | Tx = this.db) {
    const currency = await repo.findCurrency(conn, code);
    if (!currency?.enabled) throw new Refusal("unknown_currency", { currency: code });
    return currency;
  }

  currencies() {
    return repo.listCurrencies(this.db);
  }

  /** The enabled currencies as the app lists them; the same object for every caller until read again. */
  currencyList(): Promise<{ items: { code: string; name: string; decimals: number }[] }> {
    return this.publicCurrencies.get();
  }

  /** Available and frozen per enabled currency, zero where the user has no account yet. */
  async balances(userId: number): Promise<Balance[]> {
    const [rows, all] = await Promise.all([billsRepo.userBalances(this.db, userId), repo.listCurrencies(this.db)]);
    const find = (currency: string, kind: string) =>
      toAmount(rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? "0");
    return all.map((c) => ({
      currency: c.code,
      available: find(c.code, "available"),
      frozen: find(c.code, "frozen"),
      custody: find(c.code, "custody"),
    }));
  }

  /** A user's balance of one kind in one currency ("0" when none). */
  async balance(ref: Extract<AccountRef, { userId: number }>): Promise<string> {
    const rows = await billsRepo.userBalances(this.db, ref.userId);
    return toAmount(rows.find((r) => r.currency === ref.currency && r.kind === ref.kind)?.balance ?? "0");
  }

  /** A system account's balance: the sum of its postings (system accounts keep no stored balance). */
  async systemBalance(system: SystemAccountKey, currency: string): Promise<string> {
    return toAmount(await repo.systemAccountSum(this.db, system, currency));
  }

  /** What all users hold per currency (available, frozen and custody): the sum of their accounts' postings. */
  async usersHold(currencyCodes: string[]): Promise<Map<string, string>> {
    const rows = await repo.usersPostingSums(this.db, currencyCodes);
    return new Map(currencyCodes.map((c) => [c, toAmount(rows.find((r) => r.currency === c)?.total ?? "0")]));
  }

  /**
   * Every user's holding per currency (available, frozen and custody) where not zero, and every currency's places:
   * proof of reserves reads both inside its one snapshot, so pass that transaction.
   */
  async holdingsAt(tx: Tx): Promise<{
    holdings: { userId: number; currency: string; total: string }[];
    places: Map<string, number>;
  }> {
    const holdings = await repo.userHoldings(tx);
    const places = await repo.currencyPlaces(tx);
    return {
      holdings: holdings.map((h) => ({ userId: Number(h.user_id), currency: h.currency, total: h.total })),
      places: new Map(places.map((p) => [p.code, p.decimals])),
    };
  }

  /** What a user received (or paid) per currency through one kind of entry in [from, to), e.g. today's interest. */
  async userTotals(userId: number, type: EntryType, from: Date, to: Date): Promise<Map<string, string>> {
    const rows = await billsRepo.sumUserPostings(this.db, userId, type, from, to);
    return new Map(rows.map((r) => [r.currency, toAmount(r.total)]));
  }

  async bills(
    userId: number,
    page: number,
    list: number,
    filter: { type?: string | undefined; currency?: string | undefined },
  ): Promise<Paged<Bill>> {
    const { items, total } = await billsRepo.userPostings(this.db, {
      userId,
      type: filter.type,
      currency: filter.currency,
      limit: list,
      offset: (page - 1) * list,
    });
    return {
      items: items.map(billView),
      total,
      page,
      list,
    };
  }

  /** One keyset page of a user's bills, newest first, as `bills` shows them (the statements export pages this). */
  async billsBefore(page: KeysetPage): Promise<Bill[]> {
    return (await billsRepo.userPostingsBefore(this.db, page)).map(billView);
  }

  /** The invariants: every entry sums to zero, every balance equals its postings, no user account negative. */
  /** Every currency's sum of all postings, as a decimal string: "0" while the books balance (metrics, alerts). */
  async postingSums(): Promise<{ currency: string; total: string }[]> {
    return (await repo.postingSumsByCurrency(this.db)).map((r) => ({ currency: r.currency, total: toAmount(r.total) }));
  }

  async health(): Promise<LedgerHealth> {
    const [unbalanced, mismatched, negative, totals] = await Promise.all([
      repo.unbalancedEntries(this.db),
      repo.mismatchedAccounts(this.db),
      repo.negativeUserAccounts(this.db),
      repo.totalsByCurrency(this.db),
    ]);
    return {
      ok: unbalanced.length === 0 && mismatched.length === 0 && negative.length === 0,
      unbalancedEntries: new Set(unbalanced.map((u) => u.entryId)).size,
      mismatchedAccounts: mismatched.length,
      negativeUserAccounts: negative.length,
      totals: totals.map((t) => ({ currency: t.currency, owner: t.owner, total: toAmount(t.total) })),
    };
  }
}

/** A user's posting as the bills list (and the bills statement) shows it. */
export const billView = (r: billsRepo.BillRow): Bill => ({
  id: r.id,
  entry_id: Number(r.entryId),
  type: r.type,
  currency: r.currency,
  account: r.account,
  amount: toAmount(r.amount),
  // A user's postings always carry their running balance; only system postings have none.
  balance_after: toAmount(r.balanceAfter ?? "0"),
  ref: r.refType && r.refId ? `${r.refType}:${r.refId}` : null,
  created_at: r.createdAt.toISOString(),
});
