import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute, memoizedContractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";
import { liveRoutes } from "./live";
import { tickLogRoutes } from "./tick-log-routes";

export function marketRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const market = ctx.services.market;
  memoizedContractRoute(app, ctx.routes, calls.productlist, ({ query }) => market.productList(query.product_type));
  contractRoute(app, ctx.routes, calls.productshow, ({ query }) => market.pairDetail(query.product_id));
  contractRoute(app, ctx.routes, calls.getkdata, async ({ query }) => ({
    interval: query.intval,
    type: query.type,
    candles: await market.candles(query.productid, query.intval, query.type, query.limit, query.end),
  }));
  liveRoutes(app, ctx);
  tickLogRoutes(app, ctx);
}
