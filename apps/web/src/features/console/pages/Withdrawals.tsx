import { REVIEW_STATUSES, type ReviewStatus } from "@cryptos/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime, formatMoney } from "@/lib/format";
import { PAGE_SIZE } from "../api/keys";
import { type QueueStatus, useWithdrawalQueue } from "../api/reviews";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
import { ReviewActions } from "../components/ReviewActions";
import { StatusBadge } from "../components/StatusBadge";
import { StatusFilter } from "../components/StatusFilter";

/** Withdrawals to review: completing lets the funds leave, rejecting returns them to the user's balance. */
export function Withdrawals() {
  const { t } = useTranslation("console");
  const [status, setStatus] = useState<QueueStatus<ReviewStatus>>("pending");
  const [page, setPage] = useState(1);
  const queue = useWithdrawalQueue(status, page);
  return (
    <>
      <ScreenHeader title={t("nav.withdrawals")}>
        <StatusFilter
          value={status}
          statuses={REVIEW_STATUSES}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </ScreenHeader>
      <QueryState query={queue}>
        {(data) => (
          <>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("fields.id")}</th>
                  <th scope="col">{t("fields.user")}</th>
                  <th scope="col" className="num">
                    {t("fields.amount")}
                  </th>
                  <th scope="col" className="num">
                    {t("fields.fee")}
                  </th>
                  <th scope="col">{t("fields.destination")}</th>
                  <th scope="col">{t("fields.submitted")}</th>
                  <th scope="col">{t("fields.status")}</th>
                  <th scope="col">{t("fields.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={8} />}
                {data.items.map((row) => {
                  const subject = t("review.withdrawal.subject", {
                    id: row.id,
                    amount: formatMoney(row.amount, row.currency),
                    uid: row.user_id,
                  });
                  return (
                    <tr key={row.id} data-testid={`withdrawal-${row.id}`}>
                      <td>#{row.id}</td>
                      <td>
                        <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link>
                      </td>
                      <td className="num">{formatMoney(row.amount, row.currency)}</td>
                      <td className="num">{formatMoney(row.fee, row.currency)}</td>
                      <td>
                        <div>{row.network}</div>
                        <div className="console-mono console-muted">{row.address}</div>
                      </td>
                      <td>{formatDateTime(row.created_at)}</td>
                      <td>
                        <StatusBadge status={row.status} />
                        {row.reason && <div className="console-muted">{row.reason}</div>}
                      </td>
                      <td>
                        {row.status === "pending" ? (
                          <ReviewActions kind="withdrawal" id={row.id} subject={subject} />
                        ) : (
                          row.reviewed_at && <span className="console-muted">{formatDateTime(row.reviewed_at)}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
