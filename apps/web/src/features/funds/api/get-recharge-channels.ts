import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "./keys";

export type DepositChannel = DataOf<Calls["listDepositChannels"]>["items"][number];

export const getRechargeChannels = (signal?: AbortSignal) => api("listDepositChannels", { signal });

export const rechargeChannelsQuery = () =>
  queryOptions({ queryKey: fundsKeys.channels(), queryFn: ({ signal }) => getRechargeChannels(signal) });

export const useRechargeChannels = () => useQuery(rechargeChannelsQuery());
