import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute, memoizedContractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function ledgerRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { ledger } = ctx.services;
  // Every first visit asks for it: kept in memory, serialised once.
  memoizedContractRoute(app, ctx.routes, calls.currencies, () => ledger.currencyList());
  contractRoute(app, ctx.routes, calls.listBills, async ({ query, caller }) =>
    ledger.bills(caller!.userId, query.page, query.list, { type: query.type, currency: query.currency }),
  );
}
