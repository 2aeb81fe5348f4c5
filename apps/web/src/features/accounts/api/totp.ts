import type { Calls, DataOf } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";

export type TotpSetup = DataOf<Calls["totpSetup"]>;

/** A new pending secret: the only answer that ever carries it, so it lives only in the enrolment sheet. */
export const setUpTotp = () => api("totpSetup");
export const useTotpSetup = () => useMutation({ mutationFn: setUpTotp });

/** Turns TOTP on with the app's first code; answers the recovery codes, once. userinfo then says it is on. */
export function useTotpEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api("totpEnable", { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoKey }),
  });
}

/** Turns TOTP off with an app code or a recovery code. */
export function useTotpDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api("totpDisable", { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoKey }),
  });
}
