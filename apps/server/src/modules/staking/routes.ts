import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function stakingRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { staking } = ctx.services;
  contractRoute(app, ctx.routes, calls.item, async ({ caller, request }) =>
    staking.summary(caller?.userId ?? null, request.locale),
  );
  contractRoute(app, ctx.routes, calls.getitems, async ({ body, request }) => staking.product(body.id, request.locale));
  contractRoute(app, ctx.routes, calls.doitem, async ({ body, caller, request }) =>
    staking.subscribe(caller!.userId, body.eid, body.money, request.locale),
  );
  contractRoute(app, ctx.routes, calls.getitemlist, async ({ query, body, caller, request }) =>
    staking.orders(caller!.userId, body.status, query.page, query.list, request.locale),
  );
}
