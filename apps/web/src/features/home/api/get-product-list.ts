import { calls } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Home has no live socket of its own: the movers are read again every 15 s. */
const REFRESH_MS = 15_000;

/** Keyed by path and query like every productlist read, so Home and Markets share one cache entry. */
export const productListQueryOptions = (productType: number) =>
  queryOptions({
    queryKey: [calls.productlist.path, { product_type: productType }] as const,
    queryFn: ({ signal }) => api(calls.productlist, { query: { product_type: productType }, signal }),
    // The server counts its price library's exchanges in its first second; ask again soon if it had not yet.
    refetchInterval: (query) => (query.state.data?.exchange_count === null ? 2_000 : REFRESH_MS),
  });

export const useProductList = (productType: number) => useQuery(productListQueryOptions(productType));
