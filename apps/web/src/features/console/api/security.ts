import { calls, type DataOf } from "@cryptos/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { operatorSession } from "../lib/operator-session";
import { useSave } from "./config";
import { CONSOLE_KEY, consoleKeys, PAGE_SIZE } from "./keys";

export type AdminOperator = DataOf<typeof calls.adminOperators>["items"][number];
export type TotpSetup = DataOf<typeof calls.adminTotpSetup>;
export type OperatorSession = DataOf<typeof calls.adminSessions>["items"][number];
/** A TOTP change: the operator's password and, to turn it on or off, a current code from the app. */
export interface TotpChange {
  code: string;
  password: string;
}

/** Every operator: the audit log's filter, and the signed-in operator's own TOTP status. */
export const useOperators = () =>
  useQuery({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => operatorApi(calls.adminOperators, { signal }),
  });

// Each change refreshes the operators (their TOTP status) and the audit log, which records it.
/** A new pending secret; it is shown once and kept only in the Security screen's state. */
export const useTotpSetup = () =>
  useSave<string, TotpSetup>(consoleKeys.operators(), (password) =>
    operatorApi(calls.adminTotpSetup, { body: { password } }),
  );
// Turning TOTP on or off signs the operator's other sessions out: the sessions list is refreshed too.
export const useTotpEnable = () =>
  useSave(CONSOLE_KEY, (body: TotpChange) => operatorApi(calls.adminTotpEnable, { body }));
export const useTotpDisable = () =>
  useSave(CONSOLE_KEY, (body: TotpChange) => operatorApi(calls.adminTotpDisable, { body }));

/** The signed-in operator's sessions still signed in, last used first. */
export const useOperatorSessions = (page: number) =>
  useQuery({
    queryKey: consoleKeys.sessions(page),
    queryFn: ({ signal }) => operatorApi(calls.adminSessions, { query: { page, list: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** Ends every session of the operator, this one too: the console then forgets its token and shows the sign-in. */
export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => operatorApi(calls.adminSignOutEverywhere),
    onSuccess: () => {
      operatorSession.clear();
      client.removeQueries({ queryKey: CONSOLE_KEY });
    },
  });
}
