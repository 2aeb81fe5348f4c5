import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import type { QueueStatus, ReviewKind } from "../api/reviews";
import { ScreenHeader } from "./ConsoleLayout";
import { type Column, ConsoleTable } from "./ConsoleTable";
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

interface ReviewQueueProps<S extends string, R extends ReviewRow> {
  title: string;
  kind: ReviewKind;
  /** Prefix of each row's test id, e.g. "deposit" gives "deposit-12". */
  rowTestId: string;
  statuses: readonly S[];
  useQueue: (status: QueueStatus<S>, page: number) => UseQueryResult<{ items: R[]; total: number }>;
  /** The columns between the user and the submission time. */
  columns: Column<R>[];
  /** How the confirm dialog names the request. */
  subject: (row: R) => string;
  /** A withdrawal's network: completing asks for the payout's transaction hash. */
  payoutNetwork?: (row: R) => string;
}

/** A review queue (deposits, withdrawals, real-name): status filter, paged table, complete / reject per row. */
export function ReviewQueue<S extends string, R extends ReviewRow>(props: ReviewQueueProps<S, R>) {
  const { title, kind, rowTestId, statuses, useQueue, columns, subject, payoutNetwork } = props;
  const { t } = useTranslation("console");
  const [status, setStatus] = useState<QueueStatus<S>>("pending" as S);
  const [page, setPage] = useState(1);
  const queue = useQueue(status, page);
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
      <ConsoleTable
        query={queue}
        paging={{ page, onChange: setPage }}
        rowProps={(row) => ({ "data-testid": `${rowTestId}-${row.id}` })}
        columns={[
          { header: t("fields.id"), cell: (row) => `#${row.id}` },
          { header: t("fields.user"), cell: (row) => <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link> },
          ...columns,
          { header: t("fields.submitted"), cell: (row) => formatDateTime(row.created_at) },
          {
            header: t("fields.status"),
            cell: (row) => (
              <>
                <StatusBadge status={row.status} />
                {row.reason && <div className="console-muted">{row.reason}</div>}
              </>
            ),
          },
          {
            header: t("fields.actions"),
            cell: (row) =>
              row.status === "pending" ? (
                <ReviewActions kind={kind} id={row.id} subject={subject(row)} payoutNetwork={payoutNetwork?.(row)} />
              ) : (
                row.reviewed_at && <span className="console-muted">{formatDateTime(row.reviewed_at)}</span>
              ),
          },
        ]}
      />
    </>
  );
}
