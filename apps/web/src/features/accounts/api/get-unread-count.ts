import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { readAgainNow, useLiveEvent } from "@/lib/live";

/** The unread message count (the spec's getnews; 0 by default). */
export const getUnreadCount = (signal?: AbortSignal) => api("countUnreadMessages", { signal });

/** Read again when the live socket says the user's messages changed (or came back after a drop). */
export const unreadCountQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["accounts", "getnews", token],
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: token !== null,
  });

export function useUnreadCount(token: string | null) {
  const client = useQueryClient();
  useLiveEvent("messages", () => void readAgainNow(client, ["accounts", "getnews"]), token !== null);
  return useQuery(unreadCountQueryOptions(token));
}
