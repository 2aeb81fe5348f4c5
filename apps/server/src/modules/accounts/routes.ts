import { calls, LOGIN_TYPES } from "@cryptos/contract";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import type { Hex } from "viem";
import { contractRoute } from "../../http/contract-route";
import { Refusal } from "../../lib/errors";
import type { ModuleContext } from "../context";
import type { RequestMeta } from "./sessions";

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
  locale: request.locale,
});

export function accountsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { accounts, emailCodes, sessions, signIn, twoStep } = ctx.services;
  const { routes } = ctx;
  // Tighter per-IP limits on the calls that send mail or try credentials, on top of the service's own limits.
  const perMinute = (max: number): FastifyContextConfig | undefined =>
    ctx.config.perIpLimits ? { rateLimit: { max, timeWindow: "1 minute" } } : undefined;

  contractRoute(app, routes, calls.listLoginTypes, async ({ request }) => accounts.loginTypes(request.locale));

  contractRoute(
    app,
    routes,
    calls.sendEmailCode,
    async ({ body, request }) => emailCodes.sendCode(body.email, body.event, meta(request)),
    perMinute(5),
  );

  contractRoute(app, routes, calls.sendSmsCode, async () => {
    throw new Refusal("sms_not_configured");
  });

  contractRoute(
    app,
    routes,
    calls.register,
    async ({ body, request }) => signIn.register(body.email, body.code, body.password, meta(request)),
    perMinute(10),
  );

  contractRoute(
    app,
    routes,
    calls.login,
    async ({ body, request }) => {
      const who = meta(request);
      if (body.type === LOGIN_TYPES.password) {
        if (!body.password) throw new Refusal("field_required", { field: "password" });
        return signIn.loginWithPassword(body.username, body.password, who, body.totp);
      }
      if (body.type === LOGIN_TYPES.emailCode) {
        if (!body.code) throw new Refusal("field_required", { field: "code" });
        return signIn.loginWithCode(body.username, body.code, who, body.totp);
      }
      if (!body.message) throw new Refusal("field_required", { field: "message" });
      if (!body.signature) throw new Refusal("field_required", { field: "signature" });
      return signIn.loginWithWallet(body.username, body.message, body.signature as Hex, who);
    },
    perMinute(20),
  );

  contractRoute(app, routes, calls.nonce, async ({ body }) => signIn.issueNonce(body.address), perMinute(20));

  contractRoute(app, routes, calls.logout, async ({ caller }) => sessions.logout(caller!));

  contractRoute(app, routes, calls.getUserInfo, async ({ caller }) => accounts.userInfo(caller!));

  // Security center
  contractRoute(
    app,
    routes,
    calls.resetPassword,
    async ({ body, request }) => signIn.resetPassword(body.email, body.code, body.password, request.locale),
    perMinute(10),
  );
  contractRoute(
    app,
    routes,
    calls.changePassword,
    async ({ caller, body, request }) =>
      accounts.changePassword(caller!, body.old_password, body.password, meta(request)),
    perMinute(10),
  );
  contractRoute(
    app,
    routes,
    calls.totpSetup,
    async ({ caller, body, request }) => twoStep.totpSetup(caller!, body, meta(request)),
    perMinute(10),
  );
  contractRoute(app, routes, calls.totpEnable, async ({ caller, body, request }) =>
    twoStep.totpEnable(caller!, body.code, request.locale),
  );
  contractRoute(
    app,
    routes,
    calls.totpDisable,
    async ({ caller, body, request }) => twoStep.totpDisable(caller!, body.code, body, meta(request)),
    perMinute(10),
  );
  contractRoute(app, routes, calls.sessions, async ({ caller, query }) =>
    sessions.sessions(caller!, query.page, query.list),
  );
  contractRoute(
    app,
    routes,
    calls.revokeOtherSessions,
    async ({ caller, body, request }) => accounts.revokeOtherSessions(caller!, body, meta(request)),
    perMinute(10),
  );
}
