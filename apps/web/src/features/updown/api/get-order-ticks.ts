import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** The ticks recorded between an order's entry and exit: anyone can check the result against them. */
export const getUpDownOrderTicks = (id: number, signal?: AbortSignal) => api("miaoticks", { body: { id }, signal });

export const upDownOrderTicksOptions = (id: number) =>
  queryOptions({
    queryKey: ["updown", "ticks", id],
    queryFn: ({ signal }) => getUpDownOrderTicks(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useUpDownOrderTicks = (id: number, enabled: boolean) =>
  useQuery({ ...upDownOrderTicksOptions(id), enabled });
