import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

export interface SecurityOptions {
  /** Requests per minute per IP over the whole API; individual calls set tighter limits. */
  rateLimitPerMinute: number;
}

/** 180 days, as helmet's default. */
const HSTS = "max-age=15552000; includeSubDomains";

/** The headers a helmet middleware sets, read by running it once against a recording response. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  // helmet's headers do not depend on the request here, so they are worked out once: @fastify/helmet builds
  // the middleware again on every request, which cost a fifth of the product list's throughput, and running
  // helmet's chain of setters per request cost more again (bench/RESULTS.md).
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd-mobile sets style attributes at run time; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          connectSrc: ["'self'", "ws:", "wss:"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // HSTS only on answers that went out over TLS (below): on plain http a browser ignores it anyway, and a
      // server reached by IP on a LAN must stay reachable.
      hsts: false,
    }),
  );
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeaders);
    // With trustProxy, `protocol` is the X-Forwarded-Proto of the TLS-terminating proxy.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
  await app.register(rateLimit, {
    max: options.rateLimitPerMinute,
    timeWindow: "1 minute",
    errorResponseBuilder: (_request, context) => {
      const error = new Error("rate limited") as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });
});
