import { REAL_NAME_SUBMISSION_STATUSES } from "@cryptos/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/lib/format";
import { PAGE_SIZE } from "../api/keys";
import { type QueueStatus, useRealNameQueue } from "../api/reviews";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Images } from "../components/Images";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
import { ReviewActions } from "../components/ReviewActions";
import { StatusBadge } from "../components/StatusBadge";
import { StatusFilter } from "../components/StatusFilter";

type SubmissionStatus = (typeof REAL_NAME_SUBMISSION_STATUSES)[number];

/** Real-name submissions: the full document number and its images, verified or failed with a reason. */
export function RealNames() {
  const { t } = useTranslation("console");
  const [status, setStatus] = useState<QueueStatus<SubmissionStatus>>("pending");
  const [page, setPage] = useState(1);
  const queue = useRealNameQueue(status, page);
  return (
    <>
      <ScreenHeader title={t("nav.realNames")}>
        <StatusFilter
          value={status}
          statuses={REAL_NAME_SUBMISSION_STATUSES}
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
                  <th scope="col">{t("fields.name")}</th>
                  <th scope="col">{t("fields.document")}</th>
                  <th scope="col">{t("fields.images")}</th>
                  <th scope="col">{t("fields.submitted")}</th>
                  <th scope="col">{t("fields.status")}</th>
                  <th scope="col">{t("fields.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={8} />}
                {data.items.map((row) => {
                  const subject = t("review.realName.subject", { id: row.id, name: row.name, uid: row.user_id });
                  return (
                    <tr key={row.id} data-testid={`real-name-${row.id}`}>
                      <td>#{row.id}</td>
                      <td>
                        <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link>
                      </td>
                      <td>{row.name}</td>
                      <td>
                        <div>{t(`docTypes.${row.doc_type}`)}</div>
                        <div className="console-mono">{row.doc_number}</div>
                      </td>
                      <td>
                        <Images images={row.images} label={t("fields.document")} />
                      </td>
                      <td>{formatDateTime(row.created_at)}</td>
                      <td>
                        <StatusBadge status={row.status} />
                        {row.reason && <div className="console-muted">{row.reason}</div>}
                      </td>
                      <td>
                        {row.status === "pending" ? (
                          <ReviewActions kind="realName" id={row.id} subject={subject} />
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
