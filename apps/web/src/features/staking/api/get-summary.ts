import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useToken } from "@/lib/session";

export type StakingSummary = DataOf<Calls["getStakingSummary"]>;

export const getStakingSummary = (signal?: AbortSignal): Promise<StakingSummary> =>
  api("getStakingSummary", { signal });

/** Keyed by the session so a sign-in or sign-out never shows the other state's totals. */
export const stakingSummaryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["staking", "summary", token],
    queryFn: ({ signal }) => getStakingSummary(signal),
  });

export function useStakingSummary() {
  return useQuery(stakingSummaryOptions(useToken()));
}
