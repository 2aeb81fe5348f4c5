import type { AlertDirection, Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type PriceAlert = DataOf<Calls["priceAlerts"]>["items"][number];
export type PriceAlertStatus = PriceAlert["status"];

/** Every price-alert query starts with this key, so one invalidation refreshes them all. */
export const priceAlertsKey = ["market", "price-alerts"] as const;

export const getPriceAlerts = (
  filter: { productid?: number; status?: PriceAlertStatus },
  list: number,
  signal?: AbortSignal,
) => api("priceAlerts", { query: { page: 1, list }, body: filter, signal });

/** A pair's alerts, newest first (at most 20 are active, so 50 shows them and the latest fired ones). */
export const pairAlertsQuery = (productid: number) =>
  queryOptions({
    queryKey: [...priceAlertsKey, "pair", productid],
    queryFn: ({ signal }) => getPriceAlerts({ productid }, 50, signal),
  });

/** How many alerts of every pair are active (the cap is per user). */
export const activeAlertCountQuery = () =>
  queryOptions({
    queryKey: [...priceAlertsKey, "active-count"],
    queryFn: async ({ signal }) => (await getPriceAlerts({ status: "active" }, 1, signal)).total,
  });

export const usePairAlerts = (productid: number, enabled: boolean) =>
  useQuery({ ...pairAlertsQuery(productid), enabled });
export const useActiveAlertCount = (enabled: boolean) => useQuery({ ...activeAlertCountQuery(), enabled });

export function useAddPriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { productid: number; direction: AlertDirection; price: string }) =>
      api("priceAlertAdd", { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: priceAlertsKey }),
  });
}

export function useDeletePriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api("priceAlertDelete", { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: priceAlertsKey }),
  });
}
