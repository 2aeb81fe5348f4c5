import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "@/lib/i18n";
import { ApiError } from "../lib/api";
import { DelayedLoader } from "./Loader";
import { RetryView } from "./RetryView";

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/**
 * The three states of a query in one place: a delayed loader, a "click the screen to retry" view on a
 * network failure or timeout (never a silent hang), the server's own message on a refusal, else the data.
 */
export function QueryView<T>({ query, children }: QueryViewProps<T>) {
  const { t } = useTranslation();
  const retry = () => void query.refetch();
  // Offline, a query waits for the connection (TanStack pauses it): say so rather than spin; it asks by itself
  // once the connection is back.
  if (query.isPending && query.fetchStatus === "paused")
    return <RetryView onRetry={retry} message={t("status.offline")} />;
  if (query.isPending && query.fetchStatus !== "idle") return <DelayedLoader onRetry={retry} />;
  if (query.isError) {
    const message = query.error instanceof ApiError ? `${query.error.msg} — ${t("actions.retry")}` : undefined;
    return <RetryView onRetry={retry} message={message} />;
  }
  if (query.data === undefined) return null;
  return <>{children(query.data)}</>;
}
