import { type BodyOf, calls, type DataOf } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { useSave } from "./config";
import { consoleKeys } from "./keys";

export type ChainStatus = DataOf<typeof calls.adminChainStatus>;
export type ChainNetworkStatus = ChainStatus["networks"][number];
export type ChainDepositRow = ChainStatus["deposits"][number];

/** The chain watcher, read only: each network's cursor against the node's head, and the latest on-chain deposits. */
export function useChainStatus() {
  return useQuery({
    queryKey: consoleKeys.chain(),
    queryFn: ({ signal }) => operatorApi(calls.adminChainStatus, { signal }),
  });
}

export type ChainReconcile = DataOf<typeof calls.adminChainReconcile>;
export type ChainReconcileRow = ChainReconcile["rows"][number];

/** Users' balances beside what the chain holds; reads every deposit address's balance, so on demand only. */
export function useChainReconcile() {
  return useQuery({
    queryKey: [...consoleKeys.chain(), "reconcile"],
    queryFn: ({ signal }) => operatorApi(calls.adminChainReconcile, { signal }),
  });
}

export type ChainNetworkInput = BodyOf<typeof calls.adminChainNetworkSave>;

/** Adds or edits a network with a node; the server checks it against its node first (decision 109). */
export const useSaveChainNetwork = () =>
  useSave(consoleKeys.chain(), (body: ChainNetworkInput) => operatorApi(calls.adminChainNetworkSave, { body }));

/** Removes a console-added network nobody has an address on. */
export const useRemoveChainNetwork = () =>
  useSave(consoleKeys.chain(), (network: ChainNetworkInput["network"]) =>
    operatorApi(calls.adminChainNetworkRemove, { body: { network } }),
  );
