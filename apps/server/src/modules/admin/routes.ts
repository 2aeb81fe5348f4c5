import { calls } from "@cryptos/contract";
import type { FastifyInstance } from "fastify";
import { contractRoute } from "../../http/contract-route";
import type { ModuleContext } from "../context";

export function adminRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { admin, ledger } = ctx.services;

  contractRoute(
    app,
    ctx.routes,
    calls.adminLogin,
    async ({ body, request }) =>
      admin.login(body.email, body.password, request.ip, body.totp, request.headers["user-agent"]),
    // Per-IP on top of the service's per-email lockout, as for users' sign-in.
    ctx.config.perIpLimits ? { rateLimit: { max: 10, timeWindow: "1 minute" } } : undefined,
  );

  contractRoute(app, ctx.routes, calls.adminTotpSetup, async ({ body, operator, request }) =>
    admin.totpSetup(operator!, body.password, { ip: request.ip }),
  );
  contractRoute(app, ctx.routes, calls.adminTotpEnable, async ({ body, operator, request }) =>
    admin.totpEnable(operator!, body.code, body.password, { ip: request.ip }),
  );
  contractRoute(app, ctx.routes, calls.adminTotpDisable, async ({ body, operator, request }) =>
    admin.totpDisable(operator!, body.code, body.password, { ip: request.ip }),
  );
  contractRoute(app, ctx.routes, calls.adminOperators, async () => ({ items: await admin.listOperators() }));

  contractRoute(app, ctx.routes, calls.adminLogout, async ({ operator }) => {
    await admin.logout(operator!);
    return null;
  });
  contractRoute(app, ctx.routes, calls.adminSessions, async ({ operator, query }) =>
    admin.sessions.list(operator!, query.page, query.list),
  );
  contractRoute(app, ctx.routes, calls.adminSignOutEverywhere, async ({ operator, request }) =>
    admin.signOutEverywhere(operator!, { ip: request.ip }),
  );

  contractRoute(app, ctx.routes, calls.adminAuditList, async ({ query, body }) =>
    admin.auditList(query.page, query.list, {
      action: body.action,
      kind: body.kind,
      targetType: body.target_type,
      operatorId: body.operator_id,
    }),
  );

  contractRoute(app, ctx.routes, calls.adminMessage, async ({ body, operator, request }) =>
    ctx.services.console.sendMessage({ operatorId: operator!.operatorId, ip: request.ip }, body),
  );

  contractRoute(app, ctx.routes, calls.adminLedgerHealth, async () => {
    const health = await ledger.health();
    return {
      ok: health.ok,
      unbalanced_entries: health.unbalancedEntries,
      mismatched_accounts: health.mismatchedAccounts,
      negative_user_accounts: health.negativeUserAccounts,
      totals: health.totals,
    };
  });
}
