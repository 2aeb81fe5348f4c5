import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** The tick log's heads anchored on chain: public, so anyone can check them against the chain and the log. */
export function chainAnchorRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { chainAnchors } = ctx.services;
  contractRoute(app, ctx.routes, calls.listTickAnchors, ({ query }) => chainAnchors.list(query.page, query.list));
}
