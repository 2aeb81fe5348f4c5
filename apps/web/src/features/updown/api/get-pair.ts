import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { FIGURES_REFRESH_MS } from "./get-pairs";

/** One pair with its latest price (kept current by live ticks) and its 24 h figures, refreshed while shown. */
export const getPair = (productId: number, signal?: AbortSignal) =>
  api("productshow", { query: { product_id: productId }, signal });

export const pairKey = (productId: number | undefined) => ["updown", "pair", productId] as const;

export const pairOptions = (productId: number | undefined) =>
  queryOptions({
    queryKey: pairKey(productId),
    queryFn: ({ signal }) => getPair(productId ?? 0, signal),
    enabled: productId !== undefined,
    refetchInterval: FIGURES_REFRESH_MS,
  });

export const usePair = (productId: number | undefined) => useQuery(pairOptions(productId));
