import { calls, type DataOf } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { operatorApi } from "../lib/operator-api";
import { useSave } from "./config";
import { consoleKeys } from "./keys";

export type AdminOperator = DataOf<typeof calls.adminOperators>["items"][number];
export type TotpSetup = DataOf<typeof calls.adminTotpSetup>;

/** Every operator: the audit log's filter, and the signed-in operator's own TOTP status. */
export const useOperators = () =>
  useQuery({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => operatorApi(calls.adminOperators, { signal }),
  });

// Each change refreshes the operators (their TOTP status) and the audit log, which records it.
/** A new pending secret; it is shown once and kept only in the Security screen's state. */
export const useTotpSetup = () =>
  useSave<void, TotpSetup>(consoleKeys.operators(), () => operatorApi(calls.adminTotpSetup));
export const useTotpEnable = () =>
  useSave(consoleKeys.operators(), (code: string) => operatorApi(calls.adminTotpEnable, { body: { code } }));
export const useTotpDisable = () =>
  useSave(consoleKeys.operators(), (code: string) => operatorApi(calls.adminTotpDisable, { body: { code } }));
