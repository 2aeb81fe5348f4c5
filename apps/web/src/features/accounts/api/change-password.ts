import { accountCalls, type BodyOf } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionsKey } from "./get-sessions";

export type ChangePasswordInput = BodyOf<typeof accountCalls.changepwd>;

/** A new password, with the current one; the server signs the user's other sessions out (`revoked` of them). */
export const changePassword = (body: ChangePasswordInput) => api(accountCalls.changepwd, { body });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
