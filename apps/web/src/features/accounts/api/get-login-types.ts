import { LOGIN_TYPES, type LoginType } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

const KNOWN: ReadonlySet<number> = new Set(Object.values(LOGIN_TYPES));

/** The login types the server has enabled, in its order; types this client does not know are left out. */
export async function getLoginTypes(signal?: AbortSignal): Promise<LoginType[]> {
  const data = await api("listLoginTypes", { signal });
  return data.types.map((t) => t.type).filter((type): type is LoginType => KNOWN.has(type));
}

export const loginTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["accounts", "loginlist"],
    queryFn: ({ signal }) => getLoginTypes(signal),
    staleTime: 5 * 60_000,
  });

export const useLoginTypes = () => useQuery(loginTypesQueryOptions());
