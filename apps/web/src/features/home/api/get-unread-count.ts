import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { readAgainNow, useLiveEvent } from "@/lib/live";

/**
 * The unread message count for the home badge. The key starts with "getnews", which the messages screens
 * invalidate when a message is read; it is also read again whenever the window regains focus, and when the live
 * socket says the user's messages changed (or came back after a drop).
 */
export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["getnews", token],
    queryFn: ({ signal }) => api("countUnreadMessages", { signal }),
    enabled: token !== null,
    refetchOnWindowFocus: true,
  });

export function useUnreadCount(token: string | null) {
  const client = useQueryClient();
  useLiveEvent("messages", () => void readAgainNow(client, ["getnews"]), token !== null);
  return useQuery(unreadCountQueryOptions(token));
}
