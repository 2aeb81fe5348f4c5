import type { CallDef } from "@cryptos/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { Refusal } from "../lib/errors";

/**
 * Request bodies, refused before they can cost anything (issue 20: a 1 MB body of ~500,000 nested arrays, sent
 * to a call that takes none, held the event loop for a third of a second while it was parsed).
 *
 * - A call without a body schema takes no body: an empty one, `{}` or `null` (the spec's client POSTs `{}`)
 *   and nothing else, refused before it is read when its length says so.
 * - A call with one takes at most DEFAULT_BODY_LIMIT of JSON unless the contract gives it more (`bodyLimit`).
 * - No JSON is parsed deeper than MAX_JSON_DEPTH: a linear scan refuses it before JSON.parse runs.
 */

/** The deepest nesting of arrays and objects any body may have; the contract's deepest is 3. */
export const MAX_JSON_DEPTH = 32;
/** Bytes of JSON a call with a body accepts when the contract does not say (the whole JSON parser's default). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Bytes a call without a body accepts: room for `{}` or `null` and some white space. */
export const NO_BODY_LIMIT = 64;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The call has no body schema: the JSON parser accepts only an empty object (set by contract-route). */
    noBody?: boolean;
  }
}

/** The limit the server applies to a call's body, as contract-route registers it. */
export function bodyLimitOf(call: CallDef): number {
  if (call.multipart) return call.bodyLimit ?? DEFAULT_BODY_LIMIT; // its files are limited by the multipart parser
  return call.body ? (call.bodyLimit ?? DEFAULT_BODY_LIMIT) : NO_BODY_LIMIT;
}

const takesNoBody = (call: CallDef) => !call.body && !call.multipart;

const hasBody = (request: FastifyRequest) => {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
};

const isJson = (request: FastifyRequest) =>
  /^application\/json\s*(;|$)/i.test(request.headers["content-type"]?.trim() ?? "");

/**
 * A call without a body refuses one before reading it: any type but JSON (whose `{}` the spec's client sends),
 * or JSON longer than `{}` could be.
 */
async function refuseBody(request: FastifyRequest, reply: FastifyReply) {
  if (!hasBody(request)) return;
  const length = Number(request.headers["content-length"] ?? 0);
  if (!isJson(request) || length > NO_BODY_LIMIT) {
    // The connection closes after the answer, so the server does not read the rest of the body to reuse it.
    reply.header("connection", "close");
    throw new Refusal("body_not_accepted", {}, 400);
  }
}

/** The route options of a contract call that concern its body. */
export function bodyRouteOptions(call: CallDef): Pick<RouteShorthandOptions, "bodyLimit" | "preParsing"> & {
  config: { noBody: boolean };
} {
  return {
    bodyLimit: bodyLimitOf(call),
    config: { noBody: takesNoBody(call) },
    // A GET's body is never read (Fastify skips it), so costs nothing to leave alone.
    ...(takesNoBody(call) && call.method === "POST" ? { preParsing: refuseBody } : {}),
  };
}

/** Whether `text`'s arrays and objects nest deeper than `max`, found without parsing it (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** An empty body, `{}` or `null` (trimmed first: one regex with white space on both ends would backtrack). */
const isEmptyObject = (text: string) => {
  const trimmed = text.trim();
  return trimmed === "" || trimmed === "null" || /^\{\s*\}$/.test(trimmed);
};

/**
 * The JSON parser of every route: an empty body is an empty object (decision 004); a call without a body takes
 * nothing else; JSON nested deeper than MAX_JSON_DEPTH is refused before it is parsed. Routes without a limit
 * of their own read at most DEFAULT_BODY_LIMIT.
 */
export function registerJsonParser(app: FastifyInstance) {
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: DEFAULT_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      if (isEmptyObject(text)) return done(null, {});
      if (request.routeOptions.config.noBody) {
        // At most NO_BODY_LIMIT bytes: parsed only to tell malformed JSON from a body the call does not take.
        return defaultJson(request, text, (error) => done(error ?? new Refusal("body_not_accepted", {}, 400)));
      }
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        return done(new Refusal("body_too_deep", { max: MAX_JSON_DEPTH }, 400));
      }
      defaultJson(request, text, done);
    },
  );
}
