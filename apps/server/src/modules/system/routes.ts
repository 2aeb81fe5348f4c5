import { APP_VERSION, APP_VERSION_CODE, calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function systemRoutes(app: FastifyInstance, ctx: ModuleContext) {
  contractRoute(app, ctx.routes, calls.health, async () => ({
    status: "ok" as const,
    version: APP_VERSION,
    version_code: APP_VERSION_CODE,
    database: ctx.database.kind,
  }));
}
