import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useToken } from "@/lib/session";

export type RealName = DataOf<Calls["getRealNameStatus"]>;

export const getRealName = (signal?: AbortSignal): Promise<RealName> => api("getRealNameStatus", { signal });

export const realNameOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["identity", "realname", token],
    queryFn: ({ signal }) => getRealName(signal),
  });

export function useRealName() {
  const token = useToken();
  return useQuery({ ...realNameOptions(token), enabled: token !== null });
}
