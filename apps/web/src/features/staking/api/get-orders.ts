import type { Calls, DataOf, StakingStatus } from "@cryptos/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type StakingOrderPage = DataOf<Calls["listStakingOrders"]>;
export type StakingOrderRow = StakingOrderPage["items"][number];

const PAGE_SIZE = 20;

export const getStakingOrders = (status: StakingStatus, page: number, signal?: AbortSignal) =>
  api("listStakingOrders", { query: { page, list: PAGE_SIZE }, body: { status }, signal });

export const stakingOrdersOptions = (status: StakingStatus) =>
  infiniteQueryOptions({
    queryKey: ["staking", "orders", status],
    queryFn: ({ pageParam, signal }) => getStakingOrders(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: StakingOrderPage) => (last.page * last.list < last.total ? last.page + 1 : undefined),
  });

export function useStakingOrders(status: StakingStatus, enabled: boolean) {
  return useInfiniteQuery({ ...stakingOrdersOptions(status), enabled });
}
