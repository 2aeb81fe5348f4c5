import type { CallDef, DataOf } from "@cryptos/contract";
import { ApiError, type CallOptions } from "@/lib/api";
import { createApiClient } from "@/lib/api-client";
import { operatorSession } from "./operator-session";

/** The operator's client: its own token, and an expired session signs the operator out (never the user). */
const client = createApiClient({ token: operatorSession.token, onSessionEnded: () => operatorSession.clear() });

/** One contract call with the operator's token. */
export async function operatorApi<C extends CallDef>(call: C, options: CallOptions<C> = {}): Promise<DataOf<C>> {
  return client.call<C>(call, options);
}

/** The message to show for a failed call: the server's own (already in the operator's language), or a generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}
