import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { TrustProxy } from "../config";

/** Whether `host` (HOST) reaches only this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/**
 * Two mistakes with TRUST_PROXY that limits would otherwise hide (decision 115). Off while requests come with
 * `X-Forwarded-For`: a proxy is in front and every client counts as the proxy's one address; said once per
 * process, not per request. `true` while the server listens beyond loopback: anyone can claim any address.
 */
export const proxyWarningsPlugin = fp(
  async (app: FastifyInstance, options: { trustProxy: TrustProxy; host: string }) => {
    if (options.trustProxy === true && !isLoopbackHost(options.host)) {
      app.log.warn(
        { host: options.host },
        `TRUST_PROXY=true while listening on ${options.host}: any client can name any address in X-Forwarded-For and get round per-address limits; set TRUST_PROXY to the proxy's address instead`,
      );
    }
    if (options.trustProxy !== false) return;
    let warned = false;
    app.addHook("onRequest", (request, _reply, done) => {
      if (!warned && request.headers["x-forwarded-for"] !== undefined) {
        warned = true;
        request.log.warn(
          { peer: request.socket.remoteAddress },
          "requests arrive with X-Forwarded-For but TRUST_PROXY is off: every client behind the proxy counts as its one address in per-address limits; set TRUST_PROXY to the proxy's address (this is said once)",
        );
      }
      done();
    });
  },
);
