import { type BodyOf, calls } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { useSave } from "./config";
import { CONSOLE_KEY } from "./keys";

const reservesKey = [...CONSOLE_KEY, "reserves"] as const;

/** The latest published snapshot (the public call). */
export const useLatestSnapshot = () =>
  useQuery({
    queryKey: [...reservesKey, "latest"],
    queryFn: ({ signal }) => operatorApi(calls.latestReserves, { signal }),
  });

export const useDeclaredReserves = () =>
  useQuery({
    queryKey: [...reservesKey, "declared"],
    queryFn: ({ signal }) => operatorApi(calls.adminReservesDeclared, { signal }),
  });

export type DeclareInput = BodyOf<typeof calls.adminReservesDeclare>;

export const useDeclareReserve = () =>
  useSave(reservesKey, (body: DeclareInput) => operatorApi(calls.adminReservesDeclare, { body }));
export const useUndeclareReserve = () =>
  useSave(reservesKey, (id: number) => operatorApi(calls.adminReservesUndeclare, { body: { id } }));
/** Takes a snapshot now (audited). */
export const useTakeSnapshot = () => useSave(reservesKey, () => operatorApi(calls.adminReservesSnapshot, {}));
