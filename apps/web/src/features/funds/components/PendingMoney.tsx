import { add, sum } from "@cryptos/contract/decimal";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { type DepositRow, useDeposits } from "../api/get-deposits";
import { useWithdrawals, type WithdrawalRow } from "../api/get-withdrawals";
import { RECHARGE_LOG_PATH } from "../lib/paths";
import { ReviewStatusTag } from "./ReviewStatus";

/** A deposit or withdrawal still under way: submitted or confirming, requested or being sent. */
export type PendingItem =
  | { kind: "deposit"; row: DepositRow; amount: string }
  | { kind: "withdrawal"; row: WithdrawalRow; amount: string };

const DEPOSIT_UNDER_WAY = new Set<DepositRow["status"]>(["pending", "confirming"]);
const WITHDRAWAL_UNDER_WAY = new Set<WithdrawalRow["status"]>(["pending", "sending"]);

/**
 * The user's deposits and withdrawals under way (from the newest page of each list, which the live events read
 * again), and per currency what is coming in and going out (a withdrawal's amount + fee, as frozen).
 */
export function usePendingMoney(enabled: boolean) {
  const deposits = useDeposits(enabled);
  const withdrawals = useWithdrawals(enabled);
  const items: PendingItem[] = [
    ...(deposits.data?.pages[0]?.items ?? [])
      .filter((row) => DEPOSIT_UNDER_WAY.has(row.status))
      .map((row) => ({ kind: "deposit" as const, row, amount: row.amount })),
    ...(withdrawals.data?.pages[0]?.items ?? [])
      .filter((row) => WITHDRAWAL_UNDER_WAY.has(row.status))
      .map((row) => ({ kind: "withdrawal" as const, row, amount: add(row.amount, row.fee) })),
  ].sort((a, b) => Date.parse(b.row.created_at) - Date.parse(a.row.created_at));
  const of = (currency: string, kind: PendingItem["kind"]) => {
    const mine = items.filter((i) => i.kind === kind && i.row.currency === currency);
    return mine.length ? sum(mine.map((i) => i.amount)) : null;
  };
  return {
    items,
    loaded: deposits.data !== undefined && withdrawals.data !== undefined,
    incoming: (currency: string) => of(currency, "deposit"),
    outgoing: (currency: string) => of(currency, "withdrawal"),
  };
}

/** Assets' card of what is under way: kind, currency and network, amount and status, and a way to the records. */
export function PendingMoneyCard({ items }: { items: readonly PendingItem[] }) {
  const { t } = useTranslation("funds");
  if (items.length === 0) return null;
  return (
    <section className="funds-card funds-pending" aria-labelledby="funds-pending-title" data-testid="pending-money">
      <h2 id="funds-pending-title" className="funds-card__title">
        {t("assets.pending.title")}
      </h2>
      <ul className="funds-pending__list">
        {items.map(({ kind, row, amount }) => (
          <li key={`${kind}-${row.id}`} className="funds-pending__item" data-testid={`pending-${kind}-${row.id}`}>
            <span className="funds-pending__what">
              <strong>{t(`assets.pending.${kind}`)}</strong>
              <small>
                {row.currency} · {row.network}
              </small>
            </span>
            <span className="funds-pending__amount">
              {kind === "deposit" ? "+" : "−"}
              {formatMoney(amount, row.currency)}
            </span>
            <ReviewStatusTag status={row.status} />
          </li>
        ))}
      </ul>
      <Link
        className="funds-pending__all"
        to={`${RECHARGE_LOG_PATH}?tab=${items[0]?.kind === "withdrawal" ? "withdrawals" : "deposits"}`}
      >
        {t("assets.pending.all")}
      </Link>
    </section>
  );
}
