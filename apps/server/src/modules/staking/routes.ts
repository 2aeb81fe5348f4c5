import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function stakingRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { staking } = ctx.services;
  contractRoute(app, ctx.routes, calls.getStakingSummary, async ({ caller, request }) =>
    staking.summary(caller?.userId ?? null, request.locale),
  );
  contractRoute(app, ctx.routes, calls.getStakingProduct, async ({ body, request }) =>
    staking.product(body.id, request.locale),
  );
  contractRoute(app, ctx.routes, calls.subscribeStaking, async ({ body, caller, request }) =>
    staking.subscribe(caller!.userId, body.eid, body.money, request.locale),
  );
  contractRoute(app, ctx.routes, calls.listStakingOrders, async ({ query, body, caller, request }) =>
    staking.orders(caller!.userId, body.status, query.page, query.list, request.locale),
  );
}
