import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

/** The operator console's reading and configuration calls; the review calls live with their modules. */
export function consoleRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { console: ops, updown, market, staking, messages, content, chainSettings } = ctx.services;
  const act = (operatorId: number, ip: string | undefined) => ({ operatorId, ip });

  contractRoute(app, ctx.routes, calls.adminDashboard, () => ops.dashboard());
  contractRoute(app, ctx.routes, calls.adminUsersList, ({ query, body, operator, request }) =>
    ops.users(act(operator!.operatorId, request.ip), body.q, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminUserShow, ({ body, operator, request }) =>
    ops.user(act(operator!.operatorId, request.ip), body.uid),
  );
  contractRoute(app, ctx.routes, calls.adminUserBills, ({ query, body, operator, request }) =>
    ops.userBills(act(operator!.operatorId, request.ip), body.uid, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminUserOrders, ({ query, body, operator, request }) =>
    ops.userOrders(act(operator!.operatorId, request.ip), body.uid, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminCredit, ({ body, operator, request }) =>
    ops.setCreditScore(act(operator!.operatorId, request.ip), body.uid, body.score, body.reason),
  );
  contractRoute(app, ctx.routes, calls.adminUserTotpReset, ({ body, operator, request }) =>
    ops.resetTotp(act(operator!.operatorId, request.ip), body.uid, body.reason, request.locale),
  );
  contractRoute(app, ctx.routes, calls.adminPairsList, async () => ({ items: await market.adminPairs() }));
  contractRoute(app, ctx.routes, calls.adminPairSave, ({ body, operator, request }) =>
    ops.savePair(act(operator!.operatorId, request.ip), body.id, { enabled: body.enabled, sort: body.sort }),
  );
  contractRoute(app, ctx.routes, calls.adminUpDownList, async () => ({ items: await updown.terms.adminSettings() }));
  contractRoute(app, ctx.routes, calls.adminUpDownSave, ({ body, operator, request }) =>
    ops.saveUpDownSettings(act(operator!.operatorId, request.ip), body),
  );
  contractRoute(app, ctx.routes, calls.adminStakingList, async () => ({ items: await staking.adminProducts() }));
  contractRoute(app, ctx.routes, calls.adminStakingSave, ({ body, operator, request }) =>
    ops.saveStakingProduct(act(operator!.operatorId, request.ip), body),
  );
  contractRoute(app, ctx.routes, calls.adminNewsList, ({ query, body }) =>
    messages.adminNews(body.cid, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminNewsSave, ({ body, operator, request }) =>
    ops.saveNews(act(operator!.operatorId, request.ip), body),
  );
  contractRoute(app, ctx.routes, calls.adminWebviewHosts, ({ body, operator, request }) =>
    ops.webviewHosts(act(operator!.operatorId, request.ip), body.hosts),
  );
  contractRoute(app, ctx.routes, calls.listWebviewHosts, async () => ({ hosts: await content.webviewHosts() }));
  contractRoute(app, ctx.routes, calls.adminOutbox, ({ query, operator, request }) =>
    ops.outbox(act(operator!.operatorId, request.ip), query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminChainStatus, ({ operator, request }) =>
    ops.chainStatus(act(operator!.operatorId, request.ip)),
  );
  contractRoute(app, ctx.routes, calls.adminChainReconcile, () => ops.chainReconcile());
  contractRoute(app, ctx.routes, calls.adminChainNetworkSave, ({ body, operator, request }) =>
    chainSettings.save(act(operator!.operatorId, request.ip), body),
  );
  contractRoute(app, ctx.routes, calls.adminChainNetworkRemove, ({ body, operator, request }) =>
    chainSettings.remove(act(operator!.operatorId, request.ip), body.network),
  );
}
