import type { BodyOf, Calls, DataOf, Network } from "@cryptos/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "./keys";

export type WithdrawAddress = DataOf<Calls["withdrawAddresses"]>["items"][number];
export type NewWithdrawAddress = BodyOf<Calls["withdrawAddressAdd"]>;

/** The book holds at most 50 addresses (the server's cap): one page shows them all. */
const BOOK_PAGE = 50;

export const getWithdrawAddresses = (filter: { currency?: string; network?: string }, signal?: AbortSignal) =>
  api("withdrawAddresses", {
    query: { page: 1, list: BOOK_PAGE },
    body: {
      ...(filter.currency ? { currency: filter.currency } : {}),
      ...(filter.network ? { network: filter.network as Network } : {}),
    },
    signal,
  });

export const withdrawAddressesQuery = (filter: { currency?: string; network?: string } = {}) =>
  queryOptions({
    queryKey: fundsKeys.addresses(filter),
    queryFn: ({ signal }) => getWithdrawAddresses(filter, signal),
  });

export const useWithdrawAddresses = (filter: { currency?: string; network?: string } = {}, enabled = true) =>
  useQuery({ ...withdrawAddressesQuery(filter), enabled });

export function useAddWithdrawAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWithdrawAddress) => api("withdrawAddressAdd", { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...fundsKeys.all, "addresses"] }),
  });
}

export function useDeleteWithdrawAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api("withdrawAddressDelete", { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...fundsKeys.all, "addresses"] }),
  });
}
