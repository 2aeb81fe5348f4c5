import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys, PAGE_SIZE } from "./keys";
import { nextPage } from "./paged";

export type BillRow = DataOf<Calls["listBills"]>["items"][number];
export interface BillFilter {
  type?: string;
  currency?: string;
}

/** My bills: every posting on my accounts, newest first, optionally of one entry type and one currency. */
export const getBills = (page: number, filter: BillFilter, signal?: AbortSignal) =>
  api("listBills", { query: { page, list: PAGE_SIZE, ...filter }, signal });

export const billsQuery = (filter: BillFilter) =>
  infiniteQueryOptions({
    queryKey: fundsKeys.bills(filter),
    queryFn: ({ pageParam, signal }) => getBills(pageParam, filter, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Reviews happen elsewhere (the operator): a list opened again shows their outcome at once.
    refetchOnMount: "always",
  });

export const useBills = (filter: BillFilter) => useInfiniteQuery(billsQuery(filter));
