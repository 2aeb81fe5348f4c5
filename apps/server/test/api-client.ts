import { type BodyOf, type CallName, type Calls, calls, type DataOf, type QueryOf } from "@cryptos/contract";
import type { FastifyInstance, InjectOptions } from "fastify";

/** Who makes a call: anything holding a session token (a signed-up user), or the token itself (an operator's). */
export type CallerOf = { token: string } | string;

/** A call's input as the contract declares it, and who sends it. */
export interface ApiOptions<N extends CallName> {
  body?: BodyOf<Calls[N]>;
  query?: QueryOf<Calls[N]>;
  as?: CallerOf;
  /** More request headers (`lang`, `accept-encoding`…). */
  headers?: Record<string, string>;
}

/** The HTTP status and the envelope; `data` has the call's type when `code` is 1. */
export interface Answer<D> {
  status: number;
  body: { code: number; msg: string; data?: D };
}

export interface ContractClient {
  /** Sends the call by its contract name and answers its `data`, typed; throws with the message on a refusal. */
  api<N extends CallName>(name: N, options?: ApiOptions<N>): Promise<DataOf<Calls[N]>>;
  /** Sends the call by its contract name and answers status and envelope, refusals included. */
  send<N extends CallName>(name: N, options?: ApiOptions<N>): Promise<Answer<DataOf<Calls[N]>>>;
}

const tokenOf = (caller: CallerOf) => (typeof caller === "string" ? caller : caller.token);

/** Query values as they travel in a URL. */
const queryStrings = (query: object | undefined) =>
  query && Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

/** A client of `app` that knows every call's method, path and types from the contract (requests are injected). */
export function contractClient(app: FastifyInstance): ContractClient {
  async function send<N extends CallName>(name: N, options: ApiOptions<N> = {}): Promise<Answer<DataOf<Calls[N]>>> {
    const { method, path } = calls[name];
    const headers = { ...options.headers };
    if (options.as !== undefined) headers.authorization = `Bearer ${tokenOf(options.as)}`;
    const request: InjectOptions = { method, url: path, query: queryStrings(options.query), headers };
    if (options.body !== undefined) request.payload = options.body as InjectOptions["payload"];
    const response = await app.inject(request);
    return { status: response.statusCode, body: response.json() };
  }
  return {
    send,
    async api(name, options) {
      const { status, body } = await send(name, options);
      if (body.code !== 1) throw new Error(`${name} refused: HTTP ${status}, code ${body.code}, ${body.msg}`);
      return body.data as DataOf<Calls[typeof name]>;
    },
  };
}
