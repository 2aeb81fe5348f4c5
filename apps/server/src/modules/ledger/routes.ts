import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function ledgerRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { ledger } = ctx.services;
  contractRoute(app, ctx.routes, calls.currencies, async () => ({
    items: (await ledger.currencies()).map((c) => ({ code: c.code, name: c.name, decimals: c.decimals })),
  }));
  contractRoute(app, ctx.routes, calls.getmoneylog, async ({ query, caller }) =>
    ledger.bills(caller!.userId, query.page, query.list, { type: query.type, currency: query.currency }),
  );
}
