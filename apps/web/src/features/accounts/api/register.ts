import { type BodyOf, type Calls, LOGIN_TYPES } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";

export type RegisterInput = BodyOf<Calls["register"]>;

/** Registers with the emailed code; the new account is signed in at once (as an email + password login). */
export async function register(body: RegisterInput): Promise<void> {
  const data = await api("register", { body });
  sessionStore.signIn(data.userinfo.token, LOGIN_TYPES.password);
}

export const useRegister = () => useMutation({ mutationFn: register });
