import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionsKey } from "./get-sessions";

export type ChangePasswordInput = BodyOf<Calls["changePassword"]>;

/** A new password, with the current one; the server signs the user's other sessions out (`revoked` of them). */
export const changePassword = (body: ChangePasswordInput) => api("changePassword", { body });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
