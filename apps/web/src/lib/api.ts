import { type CallName, type Calls, type DataOf, routes } from "@cryptos/contract";
import { type CallOptions, createApiClient, NetworkError } from "./api-client";
import { sessionStore } from "./session-store";
import { toast } from "./toast";

export { ApiError, buildUrl, type CallOptions, NetworkError } from "./api-client";

/** The user's client: the session dying on the server signs every screen out and says why (in our language). */
const client = createApiClient({
  token: sessionStore.token,
  tokenHeader: true,
  reportReachability: true,
  onSessionEnded: (msg) => {
    sessionStore.clear();
    toast.info(msg);
  },
});

export const { headers, send } = client;

/**
 * Calls one contract call by name: resolves with its `data`, throws ApiError (refused) or NetworkError (no
 * answer). Only the call's method and path travel to the browser (`routes`); its zod schemas stay types here, so
 * the first screen loads no validation library (the server checks requests and answers against them).
 */
export async function api<N extends CallName>(name: N, options: CallOptions<Calls[N]> = {}): Promise<DataOf<Calls[N]>> {
  return client.call<Calls[N]>(routes[name], options);
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
