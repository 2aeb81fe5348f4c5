import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { Skeleton } from "antd-mobile";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/EmptyState";
import { ListFooter } from "@/components/ListFooter";
import { RetryView } from "@/components/RetryView";
import { useReachBottom } from "@/hooks/useReachBottom";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";

interface Page<T> {
  items: T[];
}

export interface PagedListProps<T, R = T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** Turns the loaded items into the rows shown (bills: a transfer's two postings into one row). */
  arrange?: (items: T[]) => R[];
  rowKey: (row: R) => string | number;
  renderRow: (row: R) => ReactNode;
  empty?: ReactNode;
}

/** An infinite list: skeleton first, rows, the next page when the end scrolls into view, "No more" at the end. */
export function PagedList<T, R = T>({ query, arrange, rowKey, renderRow, empty }: PagedListProps<T, R>) {
  const { t } = useTranslation();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useReachBottom(() => void fetchNextPage(), Boolean(hasNextPage) && !isFetchingNextPage);

  if (query.isPending) {
    return (
      <div className="funds-skeleton" role="status" aria-busy="true" aria-label={t("status.loading")}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (query.isError && !data) {
    const message = query.error instanceof ApiError ? `${query.error.msg} — ${t("actions.retry")}` : undefined;
    return <RetryView onRetry={() => void query.refetch()} message={message} />;
  }
  const loaded = data?.pages.flatMap((page) => page.items) ?? [];
  const items = arrange ? arrange(loaded) : (loaded as unknown as R[]);
  if (items.length === 0) return <>{empty ?? <EmptyState />}</>;
  return (
    <>
      <ul className="funds-list">
        {items.map((item) => (
          <li key={rowKey(item)} className="funds-list__row">
            {renderRow(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {query.isError && hasNextPage ? (
        <RetryView onRetry={() => void fetchNextPage()} />
      ) : (
        <ListFooter loading={isFetchingNextPage} hasMore={Boolean(hasNextPage)} />
      )}
    </>
  );
}
