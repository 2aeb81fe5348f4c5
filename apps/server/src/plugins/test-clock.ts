import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SteppableClock } from "../lib/test-clock";

export const TEST_CLOCK_PATH = "/__test__/code-clock";

const advanceBody = z.object({ advance_seconds: z.number().int().min(1).max(3600) });
const LOOPBACK_PEERS = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * `POST /__test__/code-clock {"advance_seconds": 16}` moves the emailed codes' clock forward (decision 141). It
 * exists only on a server started with TEST_CLOCK=on, which config.ts refuses outside a loopback test server; it is
 * outside the contract and the OpenAPI document, and answers only a peer on this machine.
 */
export function testClockRoutes(app: FastifyInstance, clock: SteppableClock) {
  app.post(TEST_CLOCK_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!LOOPBACK_PEERS.has(request.socket.remoteAddress ?? ""))
      return reply.code(403).send({ error: "loopback only" });
    const parsed = advanceBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: "advance_seconds: a whole number of seconds, 1-3600" });
    clock.advance(parsed.data.advance_seconds * 1000);
    return { now: clock.now().toISOString() };
  });
}
