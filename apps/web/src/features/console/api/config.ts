import { type BodyOf, calls, type DataOf } from "@cryptos/contract";
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { consoleKeys } from "./keys";

/**
 * The configuration screens: each reads one list and saves one row. A save refreshes its list (and the audit
 * log, which records it).
 */
export type AdminPair = DataOf<typeof calls.adminPairsList>["items"][number];
export type AdminUpDown = DataOf<typeof calls.adminUpDownList>["items"][number];
export type AdminStaking = DataOf<typeof calls.adminStakingList>["items"][number];
export type AdminChannel = DataOf<typeof calls.adminChannelsList>["items"][number];
export type AdminNetwork = DataOf<typeof calls.adminWithdrawNetworksList>["items"][number];
export type FundsSettings = DataOf<typeof calls.adminFundsSettings>;

export type PairInput = BodyOf<typeof calls.adminPairSave>;
export type UpDownInput = BodyOf<typeof calls.adminUpDownSave>;
export type StakingInput = BodyOf<typeof calls.adminStakingSave>;
export type ChannelInput = BodyOf<typeof calls.adminChannelsSave>;
export type NetworkInput = BodyOf<typeof calls.adminWithdrawNetworksSave>;
export type FundsSettingsInput = BodyOf<typeof calls.adminFundsSettings>;

export function useSave<I, O>(key: QueryKey, save: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: [...consoleKeys.all, "audit"] }),
      ]),
  });
}

export const usePairs = () =>
  useQuery({ queryKey: consoleKeys.pairs(), queryFn: ({ signal }) => operatorApi(calls.adminPairsList, { signal }) });
export const useSavePair = () =>
  useSave(consoleKeys.pairs(), (body: PairInput) => operatorApi(calls.adminPairSave, { body }));

export const useUpDownSettings = () =>
  useQuery({ queryKey: consoleKeys.updown(), queryFn: ({ signal }) => operatorApi(calls.adminUpDownList, { signal }) });
export const useSaveUpDown = () =>
  useSave(consoleKeys.updown(), (body: UpDownInput) => operatorApi(calls.adminUpDownSave, { body }));

export const useStakingProducts = () =>
  useQuery({
    queryKey: consoleKeys.staking(),
    queryFn: ({ signal }) => operatorApi(calls.adminStakingList, { signal }),
  });
export const useSaveStaking = () =>
  useSave(consoleKeys.staking(), (body: StakingInput) => operatorApi(calls.adminStakingSave, { body }));

export const useChannels = () =>
  useQuery({
    queryKey: consoleKeys.channels(),
    queryFn: ({ signal }) => operatorApi(calls.adminChannelsList, { signal }),
  });
export const useSaveChannel = () =>
  useSave(consoleKeys.channels(), (body: ChannelInput) => operatorApi(calls.adminChannelsSave, { body }));

export const useNetworks = () =>
  useQuery({
    queryKey: consoleKeys.networks(),
    queryFn: ({ signal }) => operatorApi(calls.adminWithdrawNetworksList, { signal }),
  });
export const useSaveNetwork = () =>
  useSave(consoleKeys.networks(), (body: NetworkInput) => operatorApi(calls.adminWithdrawNetworksSave, { body }));

/** An empty body reads the settings; given fields change them. */
export const useFundsSettings = () =>
  useQuery({
    queryKey: consoleKeys.fundsSettings(),
    queryFn: ({ signal }) => operatorApi(calls.adminFundsSettings, { body: {}, signal }),
  });
export function useSaveFundsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FundsSettingsInput) => operatorApi(calls.adminFundsSettings, { body }),
    onSuccess: (data) => {
      client.setQueryData(consoleKeys.fundsSettings(), data);
      return client.invalidateQueries({ queryKey: [...consoleKeys.all, "audit"] });
    },
  });
}
