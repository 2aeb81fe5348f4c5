import type { Calls, DataOf } from "@cryptos/contract";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "@/lib/router";
import { ApiError, api } from "./api";
import { i18n } from "./i18n";
import { HOME_PATH, LOGIN_PATH, loginPath } from "./paths";
import { queryClient } from "./query-client";
import { sessionStore } from "./session-store";
import { toast } from "./toast";

export { HOME_PATH, LOGIN_PATH, sessionStore };

export type UserInfo = DataOf<Calls["getUserInfo"]>;
export const userInfoKey = ["userinfo"] as const;

// A signed-out session must not show the previous user's data on any screen.
sessionStore.subscribe(() => {
  if (!sessionStore.token()) queryClient.removeQueries();
});

export function useToken(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.token, sessionStore.token);
}

/** The user a stored token signs in; read only when there is a token. */
const userInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...userInfoKey, token],
    queryFn: ({ signal }) => api("getUserInfo", { signal }),
    enabled: token !== null,
  });

/** Starts reading the signed-in user, when a token is stored, for the app's first screen (app/routes preloadPage). */
export function prefetchSession(client: QueryClient): void {
  const token = sessionStore.token();
  if (token) void client.prefetchQuery(userInfoQueryOptions(token));
}

/**
 * The signed-in user, loaded only when a token is stored. As in the spec, a refusal of `userinfo` clears the
 * stored token and login type and shows the server's message.
 */
export function useSession() {
  const token = useToken();
  const query = useQuery(userInfoQueryOptions(token));
  const refused = query.error instanceof ApiError ? query.error : null;
  useEffect(() => {
    if (!refused) return;
    sessionStore.clear();
    toast.info(refused.msg);
  }, [refused]);
  return {
    token,
    signedIn: token !== null,
    user: token ? query.data : undefined,
    query,
  };
}

/**
 * Goes to the login page, which comes back to this screen (its route and query) once the user is signed in;
 * `register` opens it on sign-up.
 */
export function useGoToLogin(): (options?: { replace?: boolean; mode?: "register" }) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (options?: { replace?: boolean; mode?: "register" }) =>
      void navigate(loginPath(pathname + search, options?.mode), { replace: options?.replace }),
    [navigate, pathname, search],
  );
}

/**
 * For screens that need a user: with no stored token, go to the login page (replacing this entry), which comes
 * back here once signed in. A first-timer (nobody signed in on this device yet) lands on sign-up, not "Welcome back".
 */
export function useRequireAuth(): boolean {
  const token = useToken();
  const goToLogin = useGoToLogin();
  useEffect(() => {
    if (!token) goToLogin({ replace: true, mode: sessionStore.hadSession() ? undefined : "register" });
  }, [token, goToLogin]);
  return token !== null;
}

/** Logout: revoke the token on the server (best effort), forget it here, say so, and go home. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      await api("logout");
    } catch {
      // The token is forgotten here either way; a server that cannot be reached expires it on its own.
    }
    sessionStore.clear();
    client.removeQueries();
    toast.success(i18n.t("common:status.logoutSucceeded"));
    void navigate(HOME_PATH, { replace: true });
  }, [navigate, client]);
}
