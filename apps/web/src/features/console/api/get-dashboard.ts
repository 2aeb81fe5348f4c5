import { calls, type DataOf } from "@cryptos/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { consoleKeys } from "./keys";

export type Dashboard = DataOf<typeof calls.adminDashboard>;
export type LedgerHealth = DataOf<typeof calls.adminLedgerHealth>;

export const getDashboard = (signal?: AbortSignal) => operatorApi(calls.adminDashboard, { signal });
export const getLedgerHealth = (signal?: AbortSignal) => operatorApi(calls.adminLedgerHealth, { signal });

export const dashboardOptions = () =>
  queryOptions({ queryKey: consoleKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });

export const ledgerHealthOptions = () =>
  queryOptions({ queryKey: consoleKeys.ledger(), queryFn: ({ signal }) => getLedgerHealth(signal) });

export const useDashboard = () => useQuery({ ...dashboardOptions(), refetchInterval: 30_000 });
export const useLedgerHealth = () => useQuery(ledgerHealthOptions());
