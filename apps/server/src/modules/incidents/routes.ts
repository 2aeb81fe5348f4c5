import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** The console's list of operator alerts (its banner reads the open ones). */
export function incidentRoutes(app: FastifyInstance, ctx: ModuleContext) {
  contractRoute(app, ctx.routes, calls.adminIncidents, () => ctx.services.incidents.list());
}
