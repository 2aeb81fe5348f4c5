import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function priceAlertRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { priceAlerts } = ctx.services;
  contractRoute(app, ctx.routes, calls.priceAlerts, async ({ caller, query, body }) =>
    priceAlerts.list(caller!.userId, body, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.priceAlertAdd, async ({ caller, body }) =>
    priceAlerts.add(caller!.userId, body),
  );
  contractRoute(app, ctx.routes, calls.priceAlertDelete, async ({ caller, body }) =>
    priceAlerts.remove(caller!.userId, body.id),
  );
}
