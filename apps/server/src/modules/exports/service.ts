import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  bill,
  deposit,
  type EntryType,
  type ExportKind,
  exchange,
  type Locale,
  stakingOrder,
  upDownOrder,
  withdrawal,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import { translate } from "../../i18n/translate";
import { Refusal } from "../../lib/errors";
import type { FundsStatements } from "../funds/statements";
import { acquireLease, releaseLease } from "../leases/service";
import type { LedgerService } from "../ledger/service";
import type { StakingService } from "../staking/service";
import type { UpDownService } from "../updown/service";
import { type CsvColumn, columnsOf, csvLine } from "./csv";
import { ExportPool } from "./pool";

/** Rows read per statement while a statement streams out. */
export const EXPORT_PAGE_ROWS = 100;
/**
 * How long a user's statement holds their lease without a renewal: an instance that dies mid-statement keeps its
 * user from starting another for at most this long. A live one renews it a third of the way.
 */
const USER_LEASE_MS = 60_000;

/** A statement admitted to stream: its CSV text, and `close`, which gives its turn and its user's lease back. */
export interface OpenStatement {
  rows: AsyncGenerator<string>;
  close(): Promise<void>;
}

interface Statement {
  /** The matching list call's item: its fields are the columns, and it strips what only operators see. */
  item: z.ZodObject;
  /** One keyset page of the user's rows, mapped by the owning module as its list call maps them. */
  page(page: KeysetPage, locale: Locale): Promise<{ id: number }[]>;
  /** Columns beside the item's fields, in the reader's language. */
  readable?: (locale: Locale) => Record<string, CsvColumn>;
}

/** The column that follows the field it explains: a bill's `type` is the list call's name, `type_name` its words. */
export const READABLE_COLUMNS = { bills: { after: "type", name: "type_name" } } as const;

/** The statement's columns: the list call's fields, each followed by its readable column if it has one. */
function columnsIn(statement: Statement, locale: Locale): CsvColumn[] {
  const readable = statement.readable?.(locale) ?? {};
  return columnsOf(statement.item).flatMap((column) => {
    const extra = readable[column.name];
    return extra ? [column, extra] : [column];
  });
}

export interface ExportLimits {
  /** Statements streaming at once on this instance (EXPORT_CONCURRENCY). */
  concurrency: number;
  /** Statements that may wait for a turn (EXPORT_QUEUE). */
  queue: number;
}

export interface ExportDeps {
  ledger: LedgerService;
  funds: FundsStatements;
  updown: UpDownService;
  staking: StakingService;
}

/**
 * Statements (issue 24): a user's whole history of one kind as CSV, read page by page (keyset, newest first) as
 * the client takes it, so neither the server nor the database ever holds more than a page of it. One at a time per
 * user (a lease in the database, so across instances too), a few at a time per instance, each page followed by a
 * turn of the event loop (decision 102).
 */
export class ExportsService {
  private readonly statements: Record<ExportKind, Statement>;
  readonly pool: ExportPool;
  private open_ = 0;

  constructor(
    private readonly db: Db,
    deps: ExportDeps,
    limits: ExportLimits = { concurrency: 2, queue: 20 },
    private readonly pageRows = EXPORT_PAGE_ROWS,
  ) {
    this.pool = new ExportPool(limits.concurrency, limits.queue);
    const { funds, updown, staking } = deps;
    this.statements = {
      bills: {
        item: bill,
        page: (p) => deps.ledger.billsBefore(p),
        readable: (locale) => ({
          [READABLE_COLUMNS.bills.after]: {
            name: READABLE_COLUMNS.bills.name,
            value: (item) => translate(locale, `bill_type_${item.type as EntryType}`),
          },
        }),
      },
      orders: { item: upDownOrder, page: (p) => updown.ordersBefore(p) },
      deposits: { item: deposit, page: (p) => funds.depositsBefore(p) },
      withdrawals: { item: withdrawal, page: (p) => funds.withdrawalsBefore(p) },
      exchanges: { item: exchange, page: (p) => funds.exchangesBefore(p) },
      staking: { item: stakingOrder, page: (p, locale) => staking.ordersBefore(p, locale) },
    };
  }

  /** Statements admitted or waiting whose turn and lease are not yet given back (for the tests). */
  get openStatements(): number {
    return this.open_;
  }

  /**
   * Admits one statement of `userId`: refuses with `export_running` while another of theirs is open (on any
   * instance), waits for a turn of the pool (or refuses with `exports_busy` when too many wait), and gives both back
   * once the rows are read to the end, or when `signal` aborts (the client went away), whichever comes first.
   */
  async open(userId: number, kind: ExportKind, locale: Locale, signal: AbortSignal): Promise<OpenStatement> {
    const lease = `export:${userId}`;
    const holder = randomUUID();
    if (!(await acquireLease(this.db, lease, holder, USER_LEASE_MS))) throw new Refusal("export_running");
    this.open_++;
    const renewal = setInterval(() => {
      acquireLease(this.db, lease, holder, USER_LEASE_MS).catch(() => {});
    }, USER_LEASE_MS / 3);
    renewal.unref();
    let giveTurnBack: (() => void) | undefined;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        clearInterval(renewal);
        signal.removeEventListener("abort", close);
        giveTurnBack?.();
        await releaseLease(this.db, lease, holder).catch(() => {});
        this.open_--;
      })();
      return closing;
    };
    signal.addEventListener("abort", close, { once: true });
    try {
      giveTurnBack = await this.pool.take(signal);
    } catch (error) {
      await close();
      throw error;
    }
    const rows = this.csv(userId, kind, locale);
    return {
      rows: (async function* () {
        try {
          yield* rows;
        } finally {
          await close();
        }
      })(),
      close,
    };
  }

  /** The header row, then every row of the user's history of `kind`, as CSV lines. */
  async *csv(userId: number, kind: ExportKind, locale: Locale): AsyncGenerator<string> {
    const statement = this.statements[kind];
    const { item, page } = statement;
    const columns = columnsIn(statement, locale);
    yield csvLine(columns.map((c) => c.name));
    let before: number | undefined;
    for (;;) {
      const rows = await page({ userId, before, limit: this.pageRows }, locale);
      if (rows.length === 0) return;
      let text = "";
      for (const row of rows) {
        const shown = item.parse(row) as Record<string, unknown>;
        text += csvLine(columns.map((c) => c.value(shown)));
      }
      yield text;
      if (rows.length < this.pageRows) return;
      before = rows.at(-1)!.id;
      // On PGlite a page answers in microtasks: without a turn of the loop here, requests and other users' queries
      // would wait for the whole statement (decision 102, as 092 did for the generated history).
      await nextTurn();
    }
  }
}
