import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "@/components/Loader";
import { useTranslation } from "@/lib/i18n";
import { errorMessage } from "../lib/operator-api";

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** Loading, a failure the operator can act on (the server's message and a retry button), or the data. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  const { t } = useTranslation("console");
  if (query.isPending) {
    return (
      <div className="console-state" role="status" aria-label={t("common.loading")}>
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="console-state console-state--error" role="alert">
        <p>{errorMessage(query.error, t("common.loadFailed"))}</p>
        <button type="button" className="console-button" onClick={() => void query.refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** The row that says a table has nothing to show. */
export function EmptyRow({ columns }: { columns: number }) {
  const { t } = useTranslation("console");
  return (
    <tr>
      <td colSpan={columns} className="console-table__empty">
        {t("common.empty")}
      </td>
    </tr>
  );
}
