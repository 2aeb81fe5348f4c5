import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import { readBearerToken } from "../../plugins/auth";
import type { ModuleContext } from "../context";

/** Orders a minute per signed-in caller (by token, else by IP): far above a person, well below a runaway bot. */
export const ORDERS_PER_MINUTE = 60;

export function upDownRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { updown } = ctx.services;
  contractRoute(app, ctx.routes, calls.listUpDownSettings, async () => ({ items: await updown.settings() }));
  contractRoute(
    app,
    ctx.routes,
    calls.placeUpDownOrder,
    async ({ body, caller }) => updown.place(caller!.userId, body),
    ctx.config.perIpLimits
      ? {
          rateLimit: {
            max: ORDERS_PER_MINUTE,
            timeWindow: "1 minute",
            keyGenerator: (request) => readBearerToken(request) ?? request.ip,
          },
        }
      : undefined,
  );
  contractRoute(app, ctx.routes, calls.getReceiptKey, () => updown.receipts.published());
  contractRoute(app, ctx.routes, calls.getUpDownOrder, async ({ body, caller }) =>
    updown.order(caller!.userId, body.id),
  );
  contractRoute(app, ctx.routes, calls.getUpDownOrderTicks, async ({ body, caller }) =>
    updown.ticks(caller!.userId, body.id),
  );
  contractRoute(app, ctx.routes, calls.listUpDownOrders, async ({ query, body, caller }) =>
    updown.orders(caller!.userId, body.status ?? query.status, query.page, query.list),
  );
}
