import type { Calls, DataOf } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys, PAGE_SIZE } from "./keys";
import { nextPage } from "./paged";

/** How often the list is read again while one of its withdrawals is being sent on chain. */
const SENDING_POLL_MS = 5_000;

export type WithdrawalRow = DataOf<Calls["getwithdraw"]>["items"][number];

/** My withdrawals, newest first. */
export const getWithdrawals = (page: number, signal?: AbortSignal) =>
  api("getwithdraw", { query: { page, list: PAGE_SIZE }, signal });

export const withdrawalsQuery = () =>
  infiniteQueryOptions({
    queryKey: fundsKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Reviews happen elsewhere (the operator): a list opened again shows their outcome at once.
    refetchOnMount: "always",
    // A withdrawal on its way on chain gains confirmations, then completes, while the list is open.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((row) => row.status === "sending"))
        ? SENDING_POLL_MS
        : false,
  });

export const useWithdrawals = (enabled = true) => useInfiniteQuery({ ...withdrawalsQuery(), enabled });
