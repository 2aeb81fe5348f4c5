import {
  type BodyOf,
  type CallDef,
  type CallName,
  type Calls,
  type DataOf,
  type QueryOf,
  REQUEST_TIMEOUT_MS,
  routes,
} from "@cryptos/contract";
import { API_BASE } from "./config";
import { currentLocale } from "./i18n";
import { reportServerReachable } from "./network-status";
import { sessionStore } from "./session-store";
import { toast } from "./toast";

/**
 * The server refused the call: `code` 0 (with a message in the user's language) or 401 (session gone). `data` is
 * the envelope's detail beside a few refusals (login's `totp_required`).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = "ApiError";
  }
}

/** No answer: offline, DNS, a 5xx page that is not our envelope, or the 60 s timeout. Shown as "retry". */
export class NetworkError extends Error {
  constructor(readonly reason: "timeout" | "offline" | "bad-response") {
    super(`network: ${reason}`);
    this.name = "NetworkError";
  }
}

export interface CallOptions<C extends CallDef> {
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

export function buildUrl(path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ""}`;
}

export function headers(json: boolean): Headers {
  const result = new Headers({ lang: currentLocale(), accept: "application/json" });
  const token = sessionStore.token();
  if (token) {
    result.set("authorization", `Bearer ${token}`);
    result.set("token", token);
  }
  if (json) result.set("content-type", "application/json");
  return result;
}

export async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener("abort", onOuterAbort);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (outer?.aborted) throw error;
    if (controller.signal.aborted) throw new NetworkError("timeout");
    reportServerReachable(false);
    throw new NetworkError("offline");
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
  reportServerReachable(true);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(payload)) throw new NetworkError("bad-response");
  if (payload.code === 1) return payload.data;
  if (payload.code === 401 && sessionStore.token()) {
    // The session died on the server: forget it everywhere and say why (the server's message, in our language).
    sessionStore.clear();
    toast.info(payload.msg);
  }
  throw new ApiError(payload.code, payload.msg, payload.data);
}

/**
 * Calls one contract call by name: resolves with its `data`, throws ApiError (refused) or NetworkError (no
 * answer). Only the call's method and path travel to the browser (`routes`); its zod schemas stay types here, so
 * the first screen loads no validation library (the server checks requests and answers against them).
 */
export async function api<N extends CallName>(name: N, options: CallOptions<Calls[N]> = {}): Promise<DataOf<Calls[N]>> {
  const { method, path } = routes[name];
  const url = buildUrl(path, options.query);
  const init: RequestInit = { method, headers: headers(method === "POST") };
  if (method === "POST") init.body = JSON.stringify(options.body ?? {});
  return (await send(url, init, REQUEST_TIMEOUT_MS, options.signal)) as DataOf<Calls[N]>;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
