import { type BodyOf, type CallDef, type DataOf, type QueryOf, REQUEST_TIMEOUT_MS } from "@cryptos/contract";
import { ApiError, buildUrl, NetworkError } from "@/lib/api";
import { currentLocale } from "@/lib/i18n";
import { operatorSession } from "./operator-session";

export interface OperatorCallOptions<C extends CallDef> {
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  signal?: AbortSignal;
}

type Envelope = { code: number; msg: string; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== "object" || value === null) return false;
  const { code, msg } = value as Record<string, unknown>;
  return typeof code === "number" && typeof msg === "string";
}

/**
 * One contract call with the operator's token. Its own wrapper (not lib/api's `send`) so that an operator's
 * expired session signs the operator out and never touches the user's session in the same browser.
 */
export async function operatorApi<C extends CallDef>(
  call: C,
  options: OperatorCallOptions<C> = {},
): Promise<DataOf<C>> {
  const headers = new Headers({ lang: currentLocale(), accept: "application/json" });
  const token = operatorSession.token();
  if (token) headers.set("authorization", `Bearer ${token}`);
  const init: RequestInit = { method: call.method, headers };
  if (call.method === "POST") {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(options.body ?? {});
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort);
  let response: Response;
  try {
    response = await fetch(buildUrl(call.path, options.query), { ...init, signal: controller.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(controller.signal.aborted ? "timeout" : "offline");
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(payload)) throw new NetworkError("bad-response");
  if (payload.code === 1) return payload.data as DataOf<C>;
  if (payload.code === 401 && token) operatorSession.clear();
  throw new OperatorRefusal(payload.code, payload.msg, payload.data);
}

/** A refusal with the envelope's `data` kept, for the few that carry a flag (login's `totp_required`). */
export class OperatorRefusal extends ApiError {
  constructor(
    code: number,
    msg: string,
    override readonly data: unknown,
  ) {
    super(code, msg);
  }
}

/** The message to show for a failed call: the server's own (already in the operator's language), or a generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}
