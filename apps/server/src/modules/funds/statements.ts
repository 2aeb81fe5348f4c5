import type { Db } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import type { DepositsService } from "./deposits";
import type { ExchangeService } from "./exchange";
import * as repo from "./repo";
import type { WithdrawalsService } from "./withdrawals";

/**
 * Keyset pages of one user's deposits, withdrawals and exchanges, newest first, each mapped as its service maps it
 * (the statements export pages these; it reads no table of ours).
 */
export class FundsStatements {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      deposits: Pick<DepositsService, "depositViews">;
      withdrawals: Pick<WithdrawalsService, "withdrawalView">;
      exchange: Pick<ExchangeService, "exchangeView">;
    },
  ) {}

  async depositsBefore(page: KeysetPage) {
    return this.deps.deposits.depositViews(this.db, await repo.depositsBefore(this.db, page));
  }

  async withdrawalsBefore(page: KeysetPage) {
    return (await repo.withdrawalsBefore(this.db, page)).map((w) => this.deps.withdrawals.withdrawalView(w));
  }

  async exchangesBefore(page: KeysetPage) {
    return (await repo.exchangesBefore(this.db, page)).map((e) => this.deps.exchange.exchangeView(e));
  }
}
