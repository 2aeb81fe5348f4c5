import { calls, type KlineInterval } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute, memoizedContractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";
import { liveRoutes } from "./live-routes";
import { tickLogRoutes } from "./tick-log-routes";

const SPARKLINE_INTERVAL: KlineInterval = "1h";

export function marketRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const market = ctx.services.market;
  memoizedContractRoute(app, ctx.routes, calls.listPairs, ({ query }) => market.productList(query.product_type));
  contractRoute(app, ctx.routes, calls.getPair, ({ query }) => market.pairDetail(query.product_id));
  contractRoute(app, ctx.routes, calls.getCandles, async ({ query }) => ({
    interval: query.intval,
    type: query.type,
    candles: await market.candles(query.productid, query.intval, query.type, query.limit, query.end),
  }));
  // The market list's sparklines: one read for every row on screen, each line as getCandles's 1h line answers it.
  contractRoute(app, ctx.routes, calls.sparklines, async ({ query }) => ({
    interval: SPARKLINE_INTERVAL,
    lines: await market.lines(query.productids, SPARKLINE_INTERVAL, query.limit),
  }));
  liveRoutes(app, ctx);
  tickLogRoutes(app, ctx);
}
