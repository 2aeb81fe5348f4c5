import { type BodyOf, calls, type DataOf } from "@cryptos/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { CONSOLE_KEY, consoleKeys, PAGE_SIZE } from "./keys";

export type AdminNews = DataOf<typeof calls.adminNewsList>["items"][number];
export type NewsInput = BodyOf<typeof calls.adminNewsSave>;
export type NewsCategory = "" | "1" | "2";

export function useNews(cid: NewsCategory, page: number) {
  return useQuery({
    queryKey: consoleKeys.news(cid, page),
    queryFn: ({ signal }) =>
      operatorApi(calls.adminNewsList, {
        query: { page, list: PAGE_SIZE },
        body: { cid: cid === "1" ? 1 : cid === "2" ? 2 : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsInput) => operatorApi(calls.adminNewsSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: CONSOLE_KEY }),
  });
}

/** An empty body reads the allow-list; `hosts` replaces it. */
export const useWebviewHosts = () =>
  useQuery({
    queryKey: consoleKeys.webview(),
    queryFn: ({ signal }) => operatorApi(calls.adminWebviewHosts, { body: {}, signal }),
  });

export function useSaveWebviewHosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hosts: string[]) => operatorApi(calls.adminWebviewHosts, { body: { hosts } }),
    onSuccess: (data) => {
      client.setQueryData(consoleKeys.webview(), data);
      return client.invalidateQueries({ queryKey: [...consoleKeys.all, "audit"] });
    },
  });
}
