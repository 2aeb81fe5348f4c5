import { REVIEW_STATUSES } from "@cryptos/contract";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminDeposit, useDepositQueue } from "../api/reviews";
import { Images } from "../components/Images";
import { ReviewQueue } from "../components/ReviewQueue";

/** Deposits to review (oldest pending first): the proof images beside the amount and the channel. */
export function Deposits() {
  const { t } = useTranslation("console");
  return (
    <ReviewQueue<(typeof REVIEW_STATUSES)[number], AdminDeposit>
      title={t("nav.deposits")}
      kind="deposit"
      rowTestId="deposit"
      statuses={REVIEW_STATUSES}
      useQueue={useDepositQueue}
      subject={(row) =>
        t("review.deposit.subject", { id: row.id, amount: formatMoney(row.amount, row.currency), uid: row.user_id })
      }
      columns={[
        { header: t("fields.amount"), numeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
        {
          header: t("fields.network"),
          cell: (row) => (
            <>
              <div>{row.network}</div>
              <div className="console-mono console-muted">{row.address}</div>
              {row.txid && <div className="console-mono">{t("fields.txid", { txid: row.txid })}</div>}
            </>
          ),
        },
        { header: t("fields.proof"), cell: (row) => <Images images={row.images} label={t("fields.proof")} /> },
      ]}
    />
  );
}
