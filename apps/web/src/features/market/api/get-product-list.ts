import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ProductList = DataOf<Calls["productlist"]>;

/** 24 h changes are recomputed by the server every 30 s; prices in between arrive as live ticks. */
const REFRESH_MS = 30_000;

/** Keyed by path and query, so the live tick stream can update every product list in the cache at once. */
export const productListKey = (productType: number) =>
  [routes.productlist.path, { product_type: productType }] as const;

export function productListQueryOptions(productType: number) {
  return queryOptions({
    queryKey: productListKey(productType),
    queryFn: ({ signal }) => api("productlist", { query: { product_type: productType }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useProductList(productType: number) {
  return useQuery(productListQueryOptions(productType));
}
