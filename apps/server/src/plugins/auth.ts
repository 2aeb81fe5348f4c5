import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Who is calling, once the bearer token has been resolved. */
export interface Caller {
  userId: number;
  sessionId: number;
  token: string;
}

/** Looks a raw token up; `null` when it is unknown, expired or revoked. */
export type SessionResolver = (token: string) => Promise<Caller | null>;

/** An operator of the console, once an operator token has been resolved. */
export interface OperatorCaller {
  operatorId: number;
  sessionId: number;
}
export type OperatorResolver = (token: string) => Promise<OperatorCaller | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The raw token of `Authorization: Bearer` or the spec's `token` header. */
    bearerToken: string | null;
    /** Set before validation for every contract call: the signed-in caller, if any. */
    caller: Caller | null;
    /** Set before validation for operator calls. */
    operator: OperatorCaller | null;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{1,512}$/;

export function readBearerToken(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  const fromAuth = typeof auth === "string" && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, "").trim() : "";
  const raw = request.headers.token;
  const fromHeader = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const token = fromAuth || fromHeader;
  // The spec's client sends the header even when signed out; "undefined" and "null" mean no token.
  if (!token || token === "undefined" || token === "null" || !TOKEN_SHAPE.test(token)) return null;
  return token;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("bearerToken", null);
  app.decorateRequest("caller", null);
  app.decorateRequest("operator", null);
  app.addHook("onRequest", (request, _reply, done) => {
    request.bearerToken = readBearerToken(request);
    done();
  });
});
