import type { Tx } from "../../db/client";
import type { LedgerService } from "../ledger/service";

/**
 * The entry that credits a deposit, whoever confirmed it (an operator's review, the chain's confirmations): deposit
 * clearing to the user's available balance, keyed `deposit:<id>`, so a deposit is credited once at most.
 */
export function postDepositCredit(
  ledger: Pick<LedgerService, "post">,
  tx: Tx,
  deposit: { id: number; userId: number; currency: string; amount: string },
) {
  return ledger.post(tx, {
    type: "deposit",
    idempotencyKey: `deposit:${deposit.id}`,
    ref: { type: "deposit", id: deposit.id },
    postings: [
      { account: { userId: deposit.userId, currency: deposit.currency, kind: "available" }, amount: deposit.amount },
      { account: { system: "deposit_clearing", currency: deposit.currency }, amount: `-${deposit.amount}` },
    ],
  });
}
