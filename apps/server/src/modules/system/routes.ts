import { APP_VERSION, APP_VERSION_CODE, calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";
import type { HealthService } from "./service";

export function systemRoutes(app: FastifyInstance, ctx: ModuleContext, health: HealthService) {
  contractRoute(app, ctx.routes, calls.health, async ({ reply }) => {
    const { ready, ...report } = await health.report();
    // A load balancer or supervisor reads the status; people read which part fails.
    if (!ready) reply.status(503);
    return { ...report, version: APP_VERSION, version_code: APP_VERSION_CODE, database: ctx.database.kind };
  });
}
