import { calls } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * The unread message count for the home badge. The key starts with "getnews", which the messages screens
 * invalidate when a message is read; it is also read again whenever the window regains focus.
 */
export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["getnews", token],
    queryFn: ({ signal }) => api(calls.getnews, { signal }),
    enabled: token !== null,
    refetchOnWindowFocus: true,
  });

export const useUnreadCount = (token: string | null) => useQuery(unreadCountQueryOptions(token));
