import { WITHDRAWAL_STATUSES } from "@cryptos/contract";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminWithdrawal, useWithdrawalQueue } from "../api/reviews";
import { ChainSendCell, HotWalletBanner } from "../components/ChainSend";
import { ReviewQueue } from "../components/ReviewQueue";

/**
 * Withdrawals to review: completing lets the funds leave (on a network with a node, the hot wallet sends them and
 * the chain completes it), rejecting returns them to the user's balance.
 */
export function Withdrawals() {
  const { t } = useTranslation("console");
  return (
    <>
      <HotWalletBanner />
      <ReviewQueue<(typeof WITHDRAWAL_STATUSES)[number], AdminWithdrawal>
        title={t("nav.withdrawals")}
        kind="withdrawal"
        rowTestId="withdrawal"
        statuses={WITHDRAWAL_STATUSES}
        useQueue={useWithdrawalQueue}
        payoutNetwork={(row) => row.network}
        subject={(row) =>
          t("review.withdrawal.subject", {
            id: row.id,
            amount: formatMoney(row.amount, row.currency),
            uid: row.user_id,
          })
        }
        columns={[
          { header: t("fields.amount"), numeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
          { header: t("fields.fee"), numeric: true, cell: (row) => formatMoney(row.fee, row.currency) },
          {
            header: t("fields.destination"),
            cell: (row) => (
              <>
                <div>{row.network}</div>
                <div className="console-mono console-muted">{row.address}</div>
              </>
            ),
          },
          { header: t("chain.column"), cell: (row) => <ChainSendCell row={row} /> },
        ]}
      />
    </>
  );
}
