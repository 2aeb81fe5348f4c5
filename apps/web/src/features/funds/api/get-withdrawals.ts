import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys, PAGE_SIZE } from "./keys";
import { nextPage } from "./paged";

export type WithdrawalRow = DataOf<Calls["listWithdrawals"]>["items"][number];

/** My withdrawals, newest first. */
export const getWithdrawals = (page: number, signal?: AbortSignal) =>
  api("listWithdrawals", { query: { page, list: PAGE_SIZE }, signal });

export const withdrawalsQuery = () =>
  infiniteQueryOptions({
    queryKey: fundsKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Reviews happen elsewhere (the operator): a list opened again shows their outcome at once. While it is open,
    // the `withdrawals` event reads it again (MoneyLive): reviewed, signed, each confirmation, completed.
    refetchOnMount: "always",
  });

export const useWithdrawals = (enabled = true) => useInfiniteQuery({ ...withdrawalsQuery(), enabled });
