import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ModuleContext } from "../context";

export const METRICS_PATH = "/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the comparison takes
 * the same time whatever the header holds and however long it is (timingSafeEqual wants equal lengths).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/**
 * `GET /metrics`: this instance's metrics for Prometheus (decision 113), only with `Authorization: Bearer
 * $METRICS_TOKEN`. Without METRICS_TOKEN it answers 404, as if it were not there. Outside the API's rate limit
 * and the contract: Prometheus' text, not the JSON envelope.
 */
export function metricsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const token = ctx.config.metricsToken;
  const { metrics } = ctx.services;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!token) return reply.code(404).type("text/plain").send("Not found: set METRICS_TOKEN to turn /metrics on\n");
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .type("text/plain")
        .send("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n");
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}
