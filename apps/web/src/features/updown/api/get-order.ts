import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** While an order is open its detail refreshes every second, so the entry spot and result appear on their own. */
export const ORDER_POLL_MS = 1_000;

export const getUpDownOrder = (id: number, signal?: AbortSignal) => api("getmiaode", { body: { id }, signal });

export const upDownOrderOptions = (id: number) =>
  queryOptions({
    queryKey: ["updown", "order", id],
    queryFn: ({ signal }) => getUpDownOrder(id, signal),
    refetchInterval: (query) => (query.state.data?.status === "settled" ? false : ORDER_POLL_MS),
  });

export const useUpDownOrder = (id: number, enabled = true) => useQuery({ ...upDownOrderOptions(id), enabled });
