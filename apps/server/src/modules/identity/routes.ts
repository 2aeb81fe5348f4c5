import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function identityRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { identity, console: ops } = ctx.services;

  contractRoute(app, ctx.routes, calls.submitRealName, async ({ caller, body }) =>
    identity.submit(caller!.userId, body),
  );
  contractRoute(app, ctx.routes, calls.getRealNameStatus, async ({ caller }) => identity.mine(caller!.userId));

  // Operators
  contractRoute(app, ctx.routes, calls.adminRealList, ({ query, body, operator, request }) =>
    ops.realNames(
      { operatorId: operator!.operatorId, ip: request.ip },
      { userId: body.uid, status: body.status },
      query.page,
      query.list,
    ),
  );
  contractRoute(app, ctx.routes, calls.adminRealReview, async ({ operator, body, request }) =>
    identity.review({ operatorId: operator!.operatorId, ip: request.ip, ...body }),
  );
}
