import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { currentLocale } from "@/lib/i18n";
import { useToken } from "@/lib/session";

export type MessagePage = DataOf<Calls["listMessages"]>;
export type MessageRow = MessagePage["items"][number];
/** 1 announcements, 2 system notices, 3 personal; undefined: every category. */
export type MessageCid = 1 | 2 | 3 | undefined;

const PAGE_SIZE = 20;

export const getMessages = (cid: MessageCid, page: number, signal?: AbortSignal) =>
  api("listMessages", { query: { page, list: PAGE_SIZE, cid }, signal });

export const messagesOptions = (cid: MessageCid, token: string | null, locale: string) =>
  infiniteQueryOptions({
    queryKey: ["messages", "list", cid ?? "all", token, locale],
    queryFn: ({ pageParam, signal }) => getMessages(cid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MessagePage) => (last.page * last.list < last.total ? last.page + 1 : undefined),
  });

export function useMessages(cid: MessageCid) {
  return useInfiniteQuery(messagesOptions(cid, useToken(), currentLocale()));
}
