import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Up/down settings per pair: settlement times with their payout rates, min and max amount. */
export const getUpDownSettings = (signal?: AbortSignal) => api("listUpDownSettings", { signal });

export const upDownSettingsOptions = () =>
  queryOptions({
    queryKey: ["updown", "settings"],
    queryFn: ({ signal }) => getUpDownSettings(signal),
    staleTime: 60_000,
  });

export const useUpDownSettings = () => useQuery(upDownSettingsOptions());
