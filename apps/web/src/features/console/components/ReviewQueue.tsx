import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { PAGE_SIZE } from "../api/keys";
import type { QueueStatus, ReviewKind } from "../api/reviews";
import { ScreenHeader } from "./ConsoleLayout";
import { Pager } from "./Pager";
import { EmptyRow, QueryState } from "./QueryState";
import { ReviewActions } from "./ReviewActions";
import { StatusBadge } from "./StatusBadge";
import { StatusFilter } from "./StatusFilter";

/** What every reviewed request has: its user, its state, and when and why it was decided. */
interface ReviewRow {
  id: number;
  user_id: number;
  status: string;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface ReviewColumn<R> {
  header: string;
  numeric?: boolean;
  cell: (row: R) => ReactNode;
}

interface ReviewQueueProps<S extends string, R extends ReviewRow> {
  title: string;
  kind: ReviewKind;
  /** Prefix of each row's test id, e.g. "deposit" gives "deposit-12". */
  rowTestId: string;
  statuses: readonly S[];
  useQueue: (status: QueueStatus<S>, page: number) => UseQueryResult<{ items: R[]; total: number }>;
  /** The columns between the user and the submission time. */
  columns: ReviewColumn<R>[];
  /** How the confirm dialog names the request. */
  subject: (row: R) => string;
}

/** A review queue (deposits, withdrawals, real-name): status filter, paged table, complete / reject per row. */
export function ReviewQueue<S extends string, R extends ReviewRow>(props: ReviewQueueProps<S, R>) {
  const { title, kind, rowTestId, statuses, useQueue, columns, subject } = props;
  const { t } = useTranslation("console");
  const [status, setStatus] = useState<QueueStatus<S>>("pending" as S);
  const [page, setPage] = useState(1);
  const queue = useQueue(status, page);
  const columnCount = columns.length + 5;
  return (
    <>
      <ScreenHeader title={title}>
        <StatusFilter
          value={status}
          statuses={statuses}
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
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className={c.numeric ? "num" : undefined}>
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">{t("fields.submitted")}</th>
                  <th scope="col">{t("fields.status")}</th>
                  <th scope="col">{t("fields.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={columnCount} />}
                {data.items.map((row) => (
                  <tr key={row.id} data-testid={`${rowTestId}-${row.id}`}>
                    <td>#{row.id}</td>
                    <td>
                      <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link>
                    </td>
                    {columns.map((c) => (
                      <td key={c.header} className={c.numeric ? "num" : undefined}>
                        {c.cell(row)}
                      </td>
                    ))}
                    <td>{formatDateTime(row.created_at)}</td>
                    <td>
                      <StatusBadge status={row.status} />
                      {row.reason && <div className="console-muted">{row.reason}</div>}
                    </td>
                    <td>
                      {row.status === "pending" ? (
                        <ReviewActions kind={kind} id={row.id} subject={subject(row)} />
                      ) : (
                        row.reviewed_at && <span className="console-muted">{formatDateTime(row.reviewed_at)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
