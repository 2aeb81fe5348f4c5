import type { Calls, DataOf, SecurityProof } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userInfoKey } from "@/lib/session";

export type TotpSetup = DataOf<Calls["totpSetup"]>;

/**
 * A new pending secret: the only answer that ever carries it, so it lives only in the enrolment sheet. It asks for
 * the account's proof (password or emailed code): a session alone cannot turn TOTP on.
 */
export const setUpTotp = (proof: () => Promise<SecurityProof>) => proof().then((body) => api("totpSetup", { body }));
export const useTotpSetup = () => useMutation({ mutationFn: setUpTotp });

/** Turns TOTP on with the app's first code; answers the recovery codes, once. userinfo then says it is on. */
export function useTotpEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api("totpEnable", { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoKey }),
  });
}

/** Turns TOTP off with the account's proof and an app code or a recovery code. */
export function useTotpDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, proof }: { code: string; proof: () => Promise<SecurityProof> }) =>
      api("totpDisable", { body: { ...(await proof()), code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userInfoKey }),
  });
}
