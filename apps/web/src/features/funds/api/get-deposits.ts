import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys, PAGE_SIZE } from "./keys";
import { nextPage } from "./paged";

export type DepositRow = DataOf<Calls["listDeposits"]>["items"][number];

/** My deposits, newest first. */
export const getDeposits = (page: number, signal?: AbortSignal) =>
  api("listDeposits", { query: { page, list: PAGE_SIZE }, signal });

export const depositsQuery = () =>
  infiniteQueryOptions({
    queryKey: fundsKeys.deposits(),
    queryFn: ({ pageParam, signal }) => getDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Reviews happen elsewhere (the operator): a list opened again shows their outcome at once.
    refetchOnMount: "always",
  });

export const useDeposits = (enabled = true) => useInfiniteQuery({ ...depositsQuery(), enabled });
