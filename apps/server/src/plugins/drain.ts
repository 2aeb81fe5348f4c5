import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Refusal } from "../lib/errors";

/** The calls that open an order or move money at the user's request: refused once SIGTERM's drain has begun. */
const ORDER_PATHS = new Set([
  calls.placeUpDownOrder.path,
  calls.subscribeStaking.path,
  calls.exchange.path,
  calls.requestWithdrawal.path,
]);

/**
 * While the server drains (decision 115) a new order is refused with a message the user can act on (`code: 0`,
 * "place it again in a few seconds"); everything else is answered until the listener closes.
 */
export const drainPlugin = fp(async (app: FastifyInstance, options: { draining: () => boolean }) => {
  app.addHook("onRequest", (request, _reply, done) => {
    if (options.draining() && request.method === "POST" && ORDER_PATHS.has(request.routeOptions.url ?? "")) {
      done(new Refusal("server_draining"));
      return;
    }
    done();
  });
});
