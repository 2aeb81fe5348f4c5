import { LOGIN_TYPES } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";

/** `totp`: the authenticator code (or a recovery code), sent once the server has asked for it. */
export type EmailLoginInput = (
  | { type: typeof LOGIN_TYPES.password; email: string; password: string }
  | { type: typeof LOGIN_TYPES.emailCode; email: string; code: string }
) & { totp?: string | undefined };

/** Email login by password (type 1) or by emailed code (type 2); stores the token and the login type. */
export async function loginWithEmail(input: EmailLoginInput): Promise<void> {
  const second = input.totp ? { totp: input.totp } : {};
  const body =
    input.type === LOGIN_TYPES.password
      ? { type: input.type, username: input.email, password: input.password, ...second }
      : { type: input.type, username: input.email, code: input.code, ...second };
  const data = await api("login", { body });
  sessionStore.signIn(data.userinfo.token, input.type);
}

export const useEmailLogin = () => useMutation({ mutationFn: loginWithEmail });
