import { contentCalls } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** The unread message count (the spec's getnews; 0 by default). */
export const getUnreadCount = (signal?: AbortSignal) => api(contentCalls.getnews, { signal });

export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["accounts", "getnews", token],
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: token !== null,
  });

export const useUnreadCount = (token: string | null) => useQuery(unreadCountQueryOptions(token));
