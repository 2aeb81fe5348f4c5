import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type StakingProduct = DataOf<Calls["getStakingProduct"]>;

export const getStakingProduct = (id: number, signal?: AbortSignal): Promise<StakingProduct> =>
  api("getStakingProduct", { body: { id }, signal });

export const stakingProductOptions = (id: number) =>
  queryOptions({
    queryKey: ["staking", "product", id],
    queryFn: ({ signal }) => getStakingProduct(id, signal),
  });

export function useStakingProduct(id: number | null) {
  return useQuery({ ...stakingProductOptions(id ?? 0), enabled: id !== null });
}
