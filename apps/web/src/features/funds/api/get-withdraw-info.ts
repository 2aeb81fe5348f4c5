import type { Calls, DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { fundsKeys } from "./keys";

export type WithdrawInfo = DataOf<Calls["getWithdrawalOptions"]>;
export type WithdrawNetwork = WithdrawInfo["items"][number];

/** Every currency's withdrawal networks (fee, min, max, decimals) and the real-name requirement. */
export const getWithdrawInfo = (signal?: AbortSignal) => api("getWithdrawalOptions", { body: {}, signal });

export const withdrawInfoQuery = () =>
  queryOptions({ queryKey: fundsKeys.withdrawInfo(), queryFn: ({ signal }) => getWithdrawInfo(signal) });

export const useWithdrawInfo = (enabled = true) => useQuery({ ...withdrawInfoQuery(), enabled });
