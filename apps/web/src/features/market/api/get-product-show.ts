import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type PairDetail = DataOf<Calls["productshow"]>;

const REFRESH_MS = 30_000;

export const productShowKey = (productId: number) => [routes.productshow.path, { product_id: productId }] as const;

export function productShowQueryOptions(productId: number) {
  return queryOptions({
    queryKey: productShowKey(productId),
    queryFn: ({ signal }) => api("productshow", { query: { product_id: productId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useProductShow(productId: number | null) {
  return useQuery({ ...productShowQueryOptions(productId ?? 0), enabled: productId !== null });
}
