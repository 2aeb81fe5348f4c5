import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys, PAGE_SIZE } from "./keys";
import { nextPage } from "./paged";

export type ExchangeRow = DataOf<Calls["listExchanges"]>["items"][number];

/** My exchanges, newest first. */
export const getExchanges = (page: number, signal?: AbortSignal) =>
  api("listExchanges", { query: { page, list: PAGE_SIZE }, signal });

export const exchangesQuery = () =>
  infiniteQueryOptions({
    queryKey: fundsKeys.exchanges(),
    queryFn: ({ pageParam, signal }) => getExchanges(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Reviews happen elsewhere (the operator): a list opened again shows their outcome at once.
    refetchOnMount: "always",
  });

export const useExchanges = (enabled = true) => useInfiniteQuery({ ...exchangesQuery(), enabled });
