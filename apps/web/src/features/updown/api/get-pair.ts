import { calls } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { PRICE_REFRESH_MS } from "./get-pairs";

/** One pair with its latest price, refreshed while shown. */
export const getPair = (productId: number, signal?: AbortSignal) =>
  api(calls.productshow, { query: { product_id: productId }, signal });

export const pairOptions = (productId: number | undefined) =>
  queryOptions({
    queryKey: ["updown", "pair", productId],
    queryFn: ({ signal }) => getPair(productId ?? 0, signal),
    enabled: productId !== undefined,
    refetchInterval: PRICE_REFRESH_MS,
  });

export const usePair = (productId: number | undefined) => useQuery(pairOptions(productId));
