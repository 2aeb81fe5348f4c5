import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { type AuthLevel, type CallDef, type DataOf, envelope, refusal } from "@cryptos/contract";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { translate } from "../i18n/translate";
import { Refusal, Unauthorized } from "../lib/errors";
import type { Caller, OperatorCaller, OperatorResolver, SessionResolver } from "../plugins/auth";
import { bodyRouteOptions } from "./json-body";

export interface CallContext<C extends CallDef> {
  query: NonNullable<C["query"]> extends z.ZodObject ? z.output<NonNullable<C["query"]>> : Record<string, never>;
  body: NonNullable<C["body"]> extends z.ZodObject ? z.output<NonNullable<C["body"]>> : Record<string, never>;
  /** Present whenever the call's auth level is "user"; may be present for "optional". */
  caller: Caller | null;
  /** Present whenever the call's auth level is "operator". */
  operator: OperatorCaller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends CallDef> = (ctx: CallContext<C>) => Promise<DataOf<C>>;

export interface RouteDeps {
  resolveSession: SessionResolver;
  resolveOperator: OperatorResolver;
  /** Paths registered so far, so that the rest of the contract can answer "not available yet". */
  implemented: Set<string>;
}

async function authenticate(level: AuthLevel, request: FastifyRequest, deps: RouteDeps): Promise<void> {
  if (level === "none") return;
  const token = request.bearerToken;
  if (!token) {
    if (level === "optional") return;
    throw new Unauthorized("unauthorized");
  }
  // User and operator tokens live in separate tables: one can never pass for the other.
  if (level === "operator") {
    request.operator = await deps.resolveOperator(token);
    if (!request.operator) throw new Unauthorized("session_expired");
    return;
  }
  request.caller = await deps.resolveSession(token);
  if (!request.caller && level === "user") throw new Unauthorized("session_expired");
}

/** The schemas a call declares, in Fastify's shape: invalid input is refused before any handler runs. */
export function routeSchema(call: CallDef) {
  return {
    summary: call.summary,
    tags: [call.path.split("/")[2] ?? "api"],
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body && !call.multipart ? { body: call.body } : {}),
    response: responseSchemas(call),
  };
}

/**
 * Every status a call can answer (decision 001: refusals a user can act on travel as 200 with `code: 0`; the rest
 * keep their transport status, always in the same envelope). The serialiser checks each answer against these too.
 */
export function responseSchemas(call: CallDef) {
  const signedIn = call.auth === "user" || call.auth === "operator";
  const readsBody = call.method === "POST";
  return {
    200: z
      .union([envelope(call.data), refusal])
      .describe("`code: 1` done, with `data`; `code: 0` refused, `msg` says why in the `lang` header's language"),
    ...(readsBody
      ? {
          400: refusal.describe(
            call.multipart
              ? "No file in the form, or a form that is not valid multipart"
              : call.body
                ? "The body is not valid JSON, or nests deeper than 32 levels"
                : "The call takes no request body (only an empty body, `{}` or `null`), or it is not valid JSON",
          ),
        }
      : {}),
    ...(signedIn ? { 401: refusal.describe("No token, or its session ended: sign in again (`code: 401`)") } : {}),
    ...(readsBody
      ? {
          413: refusal.describe("The body is longer than the call accepts"),
          415: refusal.describe(call.multipart ? "Not a multipart form" : "The body is not `application/json`"),
        }
      : {}),
    429: refusal.describe("Too many calls from this address; `retry-after` says when to try again"),
    500: refusal.describe("A fault of the server's (never caused by the request); the details are in its log"),
    ...(call.unavailableWhen ? { 503: z.union([envelope(call.data), refusal]).describe(call.unavailableWhen) } : {}),
  };
}

const authHook = (level: AuthLevel, deps: RouteDeps) => async (request: FastifyRequest) => {
  await authenticate(level, request, deps);
  // A POST without any body (the spec's sms/send, or a list called with its query only) is an empty object.
  if (request.method === "POST" && (request.body === undefined || request.body === null)) request.body = {};
};

/** The hook is left out where it has nothing to do: a public GET (the hot market reads). */
const authHooks = (call: CallDef, deps: RouteDeps) =>
  call.auth === "none" && call.method === "GET" ? {} : { preValidation: authHook(call.auth, deps) };

const callContext = <C extends CallDef>(request: FastifyRequest, reply: FastifyReply): CallContext<C> => ({
  query: (request.query ?? {}) as CallContext<C>["query"],
  body: (request.body ?? {}) as CallContext<C>["body"],
  caller: request.caller,
  operator: request.operator,
  request,
  reply,
});

/** Registers one call of the contract: its method, path, schemas and auth, around a handler that returns `data`. */
export function contractRoute<C extends CallDef>(
  app: FastifyInstance,
  deps: RouteDeps,
  call: C,
  handler: CallHandler<C>,
  /** Per-route Fastify config, e.g. a tighter `rateLimit` than the global one. */
  config?: FastifyContextConfig,
) {
  deps.implemented.add(call.path);
  const body = bodyRouteOptions(call);
  app.route({
    method: call.method,
    url: call.path,
    schema: routeSchema(call),
    ...body,
    config: { ...config, ...body.config },
    // Authentication comes before validation: a signed-out caller learns to sign in, not which field is wrong.
    ...authHooks(call, deps),
    handler: async (request, reply) => {
      const data = await handler(callContext<C>(request, reply));
      return { code: 1, msg: translate(request.locale, "ok"), data };
    },
  });
}

/** The encodings a memoised answer is kept in beside its text, best first. */
const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

const compressed = (body: string, encoding: Encoding) =>
  encoding === "br"
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 });

/**
 * A hot public read whose handler returns the same `data` object until the answer changes (the product list,
 * rebuilt on each tick): the envelope is checked against the call's schema and serialised once per data object
 * and locale, and compressed once per encoding a client asks for, then sent as those bytes to every caller until
 * the domain hands out a new object. `null` (nothing to show) is memoised as one more such object.
 */
export function memoizedContractRoute<C extends CallDef>(
  app: FastifyInstance,
  deps: RouteDeps,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<(DataOf<C> & object) | null>,
) {
  deps.implemented.add(call.path);
  const answer = envelope(call.data);
  const nothing = {};
  /** Per data object, per locale: the JSON text and its compressed copies, made when first asked for. */
  const serialised = new WeakMap<object, Map<string, { text: string; copies: Map<Encoding, Buffer> }>>();
  app.route({
    method: call.method,
    url: call.path,
    schema: routeSchema(call),
    ...bodyRouteOptions(call),
    ...authHooks(call, deps),
    // It sends its own compressed copies; @fastify/compress's hook need not look at the answer.
    compress: false,
    handler: async (request, reply) => {
      const data = await handler(callContext<C>(request, reply));
      let byLocale = serialised.get(data ?? nothing);
      if (!byLocale) {
        byLocale = new Map();
        serialised.set(data ?? nothing, byLocale);
      }
      let body = byLocale.get(request.locale);
      if (body === undefined) {
        const text = JSON.stringify(answer.parse({ code: 1, msg: translate(request.locale, "ok"), data }));
        body = { text, copies: new Map() };
        byLocale.set(request.locale, body);
      }
      reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
      const accepted = request.headers["accept-encoding"];
      const encoding = typeof accepted === "string" ? negotiator.negotiate(accepted) : null;
      if (encoding === null) return reply.send(body.text);
      let copy = body.copies.get(encoding);
      if (!copy) {
        copy = compressed(body.text, encoding);
        body.copies.set(encoding, copy);
      }
      // A string or Buffer with its content type is sent as it is: Fastify's response serialiser is skipped.
      return reply.header("content-encoding", encoding).send(copy);
    },
  });
}

/** A call whose capability has not been built yet still validates its input and says so plainly. */
export function unavailableRoute(app: FastifyInstance, deps: RouteDeps, call: CallDef) {
  app.route({
    method: call.method,
    url: call.path,
    schema: routeSchema(call),
    ...bodyRouteOptions(call),
    ...authHooks(call, deps),
    handler: async () => {
      throw new Refusal("not_available");
    },
  });
}
