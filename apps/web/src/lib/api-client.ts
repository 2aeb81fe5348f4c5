import { type BodyOf, type CallDef, type DataOf, type QueryOf, REQUEST_TIMEOUT_MS } from "@cryptos/contract";
import { API_BASE } from "./config";
import { takeFirstRead } from "./first-reads";
import { currentLocale } from "./i18n";
import { reportServerReachable } from "./network-status";

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

/** The browser's IANA time zone, or undefined where Intl cannot say. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
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

/** `promise`, or a rejection once `signal` aborts first: a read already under way keeps the call's timeout and abort. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

export interface ApiClientOptions {
  /** The session token the calls carry, read at each call. */
  token: () => string | null;
  /** A 401 answered a call that carried a token: the session died on the server (`msg` says why). */
  onSessionEnded: (msg: string) => void;
  /** Also send the token in the spec's `token` header (the user's calls). */
  tokenHeader?: boolean;
  /** Tell the offline banner whether the server answered (lib/network-status). */
  reportReachability?: boolean;
}

/**
 * A client for the envelope API: one for the user (lib/api) and one for the operator console, each with its own
 * session, so that an operator's expired session signs the operator out and never touches the user's.
 */
export function createApiClient({
  token,
  onSessionEnded,
  tokenHeader = false,
  reportReachability = false,
}: ApiClientOptions) {
  const reachable = (yes: boolean) => {
    if (reportReachability) reportServerReachable(yes);
  };

  function headers(json: boolean): Headers {
    const result = new Headers({ lang: currentLocale(), accept: "application/json" });
    const current = token();
    if (current) {
      result.set("authorization", `Bearer ${current}`);
      if (tokenHeader) result.set("token", current);
      // The zone mails about this user's money are written in (decision 119).
      const zone = timeZone();
      if (zone) result.set("tz", zone);
    }
    if (json) result.set("content-type", "application/json");
    return result;
  }

  /** Sends one request; resolves with the envelope's `data`, throws ApiError (refused) or NetworkError (no answer). */
  async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener("abort", onOuterAbort);
    let response: Response;
    try {
      const early = takeFirstRead(url, init);
      // Offline, a call is refused at once with the banner's words rather than after the browser gives up.
      if (!early && typeof navigator !== "undefined" && navigator.onLine === false) throw new TypeError("offline");
      response = await (early
        ? untilAborted(early, controller.signal)
        : fetch(url, { ...init, signal: controller.signal }));
    } catch (error) {
      if (outer?.aborted) throw error;
      if (controller.signal.aborted) throw new NetworkError("timeout");
      reachable(false);
      throw new NetworkError("offline");
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    }
    reachable(true);
    const payload: unknown = await response.json().catch(() => undefined);
    if (!isEnvelope(payload)) throw new NetworkError("bad-response");
    if (payload.code === 1) return payload.data;
    if (payload.code === 401 && token()) onSessionEnded(payload.msg);
    throw new ApiError(payload.code, payload.msg, payload.data);
  }

  /** One contract call, `C`, by its method and path: its zod schemas stay types here. */
  async function call<C extends CallDef>(
    { method, path }: Pick<CallDef, "method" | "path">,
    options: CallOptions<C> = {},
  ): Promise<DataOf<C>> {
    const init: RequestInit = { method, headers: headers(method === "POST") };
    if (method === "POST") init.body = JSON.stringify(options.body ?? {});
    return (await send(buildUrl(path, options.query), init, REQUEST_TIMEOUT_MS, options.signal)) as DataOf<C>;
  }

  return { headers, send, call };
}
