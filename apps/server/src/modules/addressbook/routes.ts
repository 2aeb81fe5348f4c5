import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function addressBookRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { addressBook } = ctx.services;
  contractRoute(app, ctx.routes, calls.withdrawAddresses, async ({ caller, query, body }) =>
    addressBook.list(caller!.userId, body, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.withdrawAddressAdd, async ({ caller, body, request }) =>
    addressBook.add(caller!.userId, body, request.locale),
  );
  contractRoute(app, ctx.routes, calls.withdrawAddressDelete, async ({ caller, body }) =>
    addressBook.remove(caller!.userId, body.id),
  );
}
