import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Prices arrive as live ticks (hooks/useLivePrices); the 24 h changes that rank the movers are read every 30 s. */
const REFRESH_MS = 30_000;

/** The server counts its price library's exchanges in its first second; ask again soon if it had not yet. */
export const refreshIntervalOf = (data: DataOf<Calls["productlist"]> | undefined) =>
  data?.exchange_count === null ? 2_000 : REFRESH_MS;

/** Keyed by path and query like every productlist read, so Home and Markets share one cache entry. */
export const productListQueryOptions = (productType: number) =>
  queryOptions({
    queryKey: [routes.productlist.path, { product_type: productType }] as const,
    queryFn: ({ signal }) => api("productlist", { query: { product_type: productType }, signal }),
    // Fires only while no ticks arrive (each tick written to the cache restarts it): the socket-down fallback.
    refetchInterval: (query) => refreshIntervalOf(query.state.data),
  });

export const useProductList = (productType: number) => useQuery(productListQueryOptions(productType));
