import type { BodyOf, Calls } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";

export type ResetPasswordInput = BodyOf<Calls["resetPassword"]>;

/**
 * A new password with the emailed `reset` code. The server signs every session of the account out, this one
 * included, so the token stored here is forgotten too.
 */
export async function resetPassword(body: ResetPasswordInput): Promise<void> {
  await api("resetPassword", { body });
  sessionStore.clear();
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
