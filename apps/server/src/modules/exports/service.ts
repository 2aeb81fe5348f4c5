import {
  bill,
  deposit,
  type ExportKind,
  exchange,
  type Locale,
  stakingOrder,
  upDownOrder,
  withdrawal,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import type { DepositsService } from "../funds/deposits";
import type { ExchangeService } from "../funds/exchange";
import type { WithdrawalsService } from "../funds/withdrawals";
import type { LedgerService } from "../ledger/service";
import type { StakingService } from "../staking/service";
import type { UpDownService } from "../updown/service";
import { columnsOf, csvLine } from "./csv";
import * as repo from "./repo";

/** Rows read per statement while a statement streams out. */
export const EXPORT_PAGE_ROWS = 500;

interface Statement {
  /** The matching list call's item: its fields are the columns, and it strips what only operators see. */
  item: z.ZodObject;
  /** One keyset page of the user's rows, mapped by the owning module as its list call maps them. */
  page(page: repo.KeysetPage, locale: Locale): Promise<{ id: number }[]>;
}

export interface ExportDeps {
  ledger: LedgerService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  exchange: ExchangeService;
  updown: UpDownService;
  staking: StakingService;
}

/**
 * Statements (issue 24): a user's whole history of one kind as CSV, read page by page (keyset, newest first) as
 * the client takes it, so neither the server nor the database ever holds more than a page of it.
 */
export class ExportsService {
  private readonly statements: Record<ExportKind, Statement>;

  constructor(
    db: Db,
    deps: ExportDeps,
    private readonly pageRows = EXPORT_PAGE_ROWS,
  ) {
    const { deposits, withdrawals, updown, staking } = deps;
    this.statements = {
      bills: { item: bill, page: (p) => deps.ledger.billsBefore(p) },
      orders: { item: upDownOrder, page: async (p) => updown.views(await repo.upDownOrdersPage(db, p)) },
      deposits: { item: deposit, page: async (p) => deposits.depositViews(db, await repo.depositsPage(db, p)) },
      withdrawals: {
        item: withdrawal,
        page: async (p) => (await repo.withdrawalsPage(db, p)).map((w) => withdrawals.withdrawalView(w)),
      },
      exchanges: {
        item: exchange,
        page: async (p) => (await repo.exchangesPage(db, p)).map((e) => deps.exchange.exchangeView(e)),
      },
      staking: {
        item: stakingOrder,
        page: async (p, locale) =>
          (await repo.stakingOrdersPage(db, p)).map((r) => staking.orderView(r.order, r.name, locale)),
      },
    };
  }

  /** The header row, then every row of the user's history of `kind`, as CSV lines. */
  async *csv(userId: number, kind: ExportKind, locale: Locale): AsyncGenerator<string> {
    const { item, page } = this.statements[kind];
    const columns = columnsOf(item);
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
    }
  }
}
