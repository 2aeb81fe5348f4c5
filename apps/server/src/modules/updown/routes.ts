import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function upDownRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { updown } = ctx.services;
  contractRoute(app, ctx.routes, calls.miao, async () => ({ items: await updown.settings() }));
  contractRoute(app, ctx.routes, calls.domiao, async ({ body, caller }) => updown.place(caller!.userId, body));
  contractRoute(app, ctx.routes, calls.getmiaode, async ({ body, caller }) => updown.order(caller!.userId, body.id));
  contractRoute(app, ctx.routes, calls.miaoticks, async ({ body, caller }) => updown.ticks(caller!.userId, body.id));
  contractRoute(app, ctx.routes, calls.miaolist, async ({ query, body, caller }) =>
    updown.orders(caller!.userId, body.status ?? query.status, query.page, query.list),
  );
}
