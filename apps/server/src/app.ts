import { calls } from "@cryptos/contract";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { type RouteDeps, unavailableRoute } from "./http/contract-route";
import { DEFAULT_BODY_LIMIT } from "./http/json-body";
import { type Clock, systemClock } from "./lib/clock";
import { accountsRoutes } from "./modules/accounts/routes";
import { addressBookRoutes } from "./modules/addressbook/routes";
import { adminRoutes } from "./modules/admin/routes";
import { priceAlertRoutes } from "./modules/alerts/routes";
import { chainWithdrawalRoutes } from "./modules/chain/withdrawals-routes";
import { consoleRoutes } from "./modules/console/routes";
import { contentRoutes } from "./modules/content/routes";
import type { ModuleContext } from "./modules/context";
import { exportRoutes } from "./modules/exports/routes";
import { fundsRoutes } from "./modules/funds/routes";
import { identityRoutes } from "./modules/identity/routes";
import { ledgerRoutes } from "./modules/ledger/routes";
import { createTickBus } from "./modules/market/bus";
import { marketRoutes } from "./modules/market/routes";
import { createServices, type Services } from "./modules/services";
import { stakingRoutes } from "./modules/staking/routes";
import { systemRoutes } from "./modules/system/routes";
import { upDownRoutes } from "./modules/updown/routes";
import { authPlugin } from "./plugins/auth";
import { docsPlugin } from "./plugins/docs";
import { envelopePlugin } from "./plugins/envelope";
import { localePlugin } from "./plugins/locale";
import { apiRateLimitPlugin, securityPlugin, trustProxyOption } from "./plugins/security";
import { inlineScriptHashes, spaPlugin } from "./plugins/spa";

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silent tests. */
  logger?: boolean | object;
  /** Where the default logger writes instead of stdout (tests capture the lines to check redaction). */
  logStream?: { write(line: string): void };
  rateLimitPerMinute?: number;
  /** The system clock unless a test passes a manual one. */
  clock?: Clock;
  /** The Redis channel of the tick fan-out (tests isolate runs with their own). */
  tickChannel?: string;
  /** The prefix of the rate limit's Redis keys (tests isolate runs with their own). */
  rateLimitNamespace?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The domain services, for the workers main.ts starts (and tests that drive them). */
    services: Services;
  }
}

/** Builds the server from plugins and modules. It does not listen: tests inject or listen on port 0. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger ??
      ({
        level: config.logLevel,
        // @fastify/multipart logs its busboy options, request headers included, at level trace.
        redact: ["req", "busboyOptions"].flatMap((at) =>
          ["authorization", "token", "cookie"].map((header) => `${at}.headers.${header}`),
        ),
        ...(options.logStream ? { stream: options.logStream } : {}),
      } as object),
    // Calls of the contract set their own (http/json-body.ts); anything else reads no more than a call with a body.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // The client's address and protocol are the socket's unless TRUST_PROXY names the proxy in front.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(localePlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin);
  await app.register(securityPlugin, {
    inlineScriptHashes: config.webDist ? inlineScriptHashes(config.webDist) : [],
  });
  await app.register(docsPlugin);
  // API answers of 1 KB and more go out compressed to clients that accept it (a K-line page is tens of KB of JSON);
  // the web build's files already carry their own compressed copies, which this leaves alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  const clock = options.clock ?? systemClock;
  const tickBus = await createTickBus(config.redisUrl, options.tickChannel, (err) =>
    app.log.warn({ err }, "tick fan-out"),
  );
  // With REDIS_URL the instance must reach Redis, or its clients would never see another instance's ticks.
  await tickBus.ready().catch(async (error: unknown) => {
    await tickBus.close();
    throw new Error(`Redis at REDIS_URL is not reachable: ${String(error)}`);
  });
  const services = createServices(database, clock, config, app.log, { tickBus });
  // An on-chain network whose node is silent or is another chain stops the start: never a silent fallback.
  await services.chain.prepare().catch(async (error: unknown) => {
    services.market.close();
    await tickBus.close();
    throw error;
  });
  app.decorate("services", services);
  app.addHook("onClose", async () => {
    services.market.close();
    await tickBus.close();
  });
  app.addHook("onClose", () => services.accounts.mailer.close());
  const routes: RouteDeps = {
    resolveSession: services.sessions.resolveSession,
    resolveOperator: (token) => services.admin.resolveSession(token),
    implemented: new Set(),
  };
  const ctx: ModuleContext = { config, database, routes, clock, services };
  await app.register(async (api) => {
    // Only the API's calls count toward the per-address limit, never the web app's files (spaPlugin, below).
    await api.register(apiRateLimitPlugin, {
      perMinute: options.rateLimitPerMinute ?? config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      namespace: options.rateLimitNamespace,
    });
    systemRoutes(api, ctx);
    accountsRoutes(api, ctx);
    ledgerRoutes(api, ctx);
    fundsRoutes(api, ctx);
    chainWithdrawalRoutes(api, ctx);
    addressBookRoutes(api, ctx);
    priceAlertRoutes(api, ctx);
    adminRoutes(api, ctx);
    stakingRoutes(api, ctx);
    marketRoutes(api, ctx);
    contentRoutes(api, ctx);
    upDownRoutes(api, ctx);
    identityRoutes(api, ctx);
    consoleRoutes(api, ctx);
    exportRoutes(api, ctx);
    // Every call of the contract answers, even before its capability is built.
    for (const call of Object.values(calls)) {
      if (!routes.implemented.has(call.path)) unavailableRoute(api, routes, call);
    }
  });

  if (config.webDist) await app.register(spaPlugin, { root: config.webDist });
  return app;
}
