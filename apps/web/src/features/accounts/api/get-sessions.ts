import type { SecurityProof } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const sessionsKey = ["accounts", "sessions"] as const;
const PAGE_SIZE = 20;

/** Login history: my sessions, newest first, page by page. */
export const sessionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: sessionsKey,
    queryFn: ({ pageParam, signal }) => api("sessions", { query: { page: pageParam, list: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.list < last.total ? last.page + 1 : undefined),
  });

export const useSessions = () => useInfiniteQuery(sessionsQueryOptions());

/** Signs out every session but this one, with the account's proof; answers how many were signed out. */
export const revokeOtherSessions = async (proof: () => Promise<SecurityProof>) =>
  api("revokeOtherSessions", { body: await proof() });

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
