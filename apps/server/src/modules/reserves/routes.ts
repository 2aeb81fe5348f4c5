import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** Proof of reserves: public snapshots, each user's proof, the operator's snapshot and declared reserves. */
export function reservesRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { reserves, declaredReserves } = ctx.services;
  contractRoute(app, ctx.routes, calls.latestReserves, () => reserves.latest());
  contractRoute(app, ctx.routes, calls.listReserves, ({ query }) => reserves.list(query.page, query.list));
  contractRoute(app, ctx.routes, calls.reservesProof, ({ caller, body }) =>
    reserves.proof(caller!.userId, body.snapshot_id),
  );
  contractRoute(app, ctx.routes, calls.adminReservesSnapshot, ({ operator, request }) =>
    reserves.take(operator!.operatorId, request.ip),
  );
  contractRoute(app, ctx.routes, calls.adminReservesDeclared, () => declaredReserves.list());
  contractRoute(app, ctx.routes, calls.adminReservesDeclare, ({ operator, request, body }) =>
    declaredReserves.declare(operator!.operatorId, request.ip, body),
  );
  contractRoute(app, ctx.routes, calls.adminReservesUndeclare, ({ operator, request, body }) =>
    declaredReserves.undeclare(operator!.operatorId, request.ip, body.id),
  );
}
