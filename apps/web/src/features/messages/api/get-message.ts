import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { currentLocale } from "@/lib/i18n";
import { userInfoKey, useToken } from "@/lib/session";

export type MessageDetail = DataOf<Calls["readMessage"]>;

/** Opening a message marks it read on the server. */
export const getMessage = (id: number, signal?: AbortSignal): Promise<MessageDetail> =>
  api("readMessage", { query: { id }, signal });

export const messageOptions = (id: number, token: string | null, locale: string) =>
  queryOptions({
    queryKey: ["messages", "detail", id, token, locale],
    queryFn: ({ signal }) => getMessage(id, signal),
  });

/** One message; once it has loaded (and so is read), unread markers and counts elsewhere refresh. */
export function useMessage(id: number | null) {
  const client = useQueryClient();
  const query = useQuery({ ...messageOptions(id ?? 0, useToken(), currentLocale()), enabled: id !== null });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void client.invalidateQueries({ queryKey: ["messages", "list"] });
    // Unread badges elsewhere (home, account) keep the spec's call name "getnews" in their query keys.
    void client.invalidateQueries({ predicate: (q) => q.queryKey.includes("getnews") });
    void client.invalidateQueries({ queryKey: userInfoKey });
  }, [loaded, client]);
  return query;
}
