import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** The operator's calls on the hot wallet's sends (issue 39 item 4). */
export function chainWithdrawalRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { chainWithdrawals } = ctx.services;
  contractRoute(app, ctx.routes, calls.adminWithdrawApprove, ({ operator, body, request }) =>
    chainWithdrawals.approve(operator!.operatorId, request.ip, body.id),
  );
  contractRoute(app, ctx.routes, calls.adminWithdrawSpeedup, ({ operator, body, request }) =>
    chainWithdrawals.speedUp(operator!.operatorId, request.ip, body.id),
  );
  contractRoute(app, ctx.routes, calls.adminWithdrawCancel, ({ operator, body, request }) =>
    chainWithdrawals.cancel(operator!.operatorId, request.ip, body.id),
  );
  contractRoute(app, ctx.routes, calls.adminHotWallet, () => chainWithdrawals.hotWalletBalances());
}
