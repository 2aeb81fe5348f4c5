import { calls } from "@cryptos/contract";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { type RouteDeps, unavailableRoute } from "./http/contract-route";
import { DEFAULT_BODY_LIMIT } from "./http/json-body";
import { type Clock, systemClock } from "./lib/clock";
import { serializeError } from "./lib/log-errors";
import type { SteppableClock } from "./lib/test-clock";
import { accountsRoutes } from "./modules/accounts/routes";
import { addressBookRoutes } from "./modules/addressbook/routes";
import { adminRoutes } from "./modules/admin/routes";
import { priceAlertRoutes } from "./modules/alerts/routes";
import { chainAnchorRoutes } from "./modules/chain/anchors-routes";
import { chainWithdrawalRoutes } from "./modules/chain/withdrawals-routes";
import { consoleRoutes } from "./modules/console/routes";
import { contentRoutes } from "./modules/content/routes";
import type { ModuleContext } from "./modules/context";
import { exportRoutes } from "./modules/exports/routes";
import { fundsRoutes } from "./modules/funds/routes";
import { identityRoutes } from "./modules/identity/routes";
import { incidentRoutes } from "./modules/incidents/routes";
import { ledgerRoutes } from "./modules/ledger/routes";
import { createTickBus } from "./modules/market/bus";
import { marketRoutes } from "./modules/market/routes";
import { metricsRoutes } from "./modules/metrics/routes";
import { reservesRoutes } from "./modules/reserves/routes";
import { createServices, type Services } from "./modules/services";
import { stakingRoutes } from "./modules/staking/routes";
import { systemRoutes } from "./modules/system/routes";
import { HealthService } from "./modules/system/service";
import { upDownRoutes } from "./modules/updown/routes";
import { authPlugin } from "./plugins/auth";
import { docsPlugin } from "./plugins/docs";
import { drainPlugin } from "./plugins/drain";
import { envelopePlugin } from "./plugins/envelope";
import { localePlugin } from "./plugins/locale";
import { proxyWarningsPlugin } from "./plugins/proxy-warnings";
import { apiRateLimitPlugin, securityPlugin, trustProxyOption } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { indexReader } from "./plugins/spa-index";
import { testClockRoutes } from "./plugins/test-clock";

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
  /** A test server's emailed-codes clock, moved through `POST /__test__/code-clock` (TEST_CLOCK=on, decision 141). */
  codeClock?: SteppableClock;
  /** The Redis channel of the tick fan-out (tests isolate runs with their own). */
  tickChannel?: string;
  /** The prefix of the rate limit's Redis keys (tests isolate runs with their own). */
  rateLimitNamespace?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The domain services, for the workers main.ts starts (and tests that drive them). */
    services: Services;
    /** Readiness, the watchdog's probe and the drain's state (decision 115). */
    health: HealthService;
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
        // A failed query's parameters (the row it wrote) stay out of the log (lib/log-errors.ts).
        serializers: { err: serializeError },
        ...(options.logStream ? { stream: options.logStream } : {}),
      } as object),
    // Calls of the contract set their own (http/json-body.ts); anything else reads no more than a call with a body.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // The client's address and protocol are the socket's unless TRUST_PROXY names the proxy in front.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(proxyWarningsPlugin, { trustProxy: config.trustProxy, host: config.host });
  await app.register(localePlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin);
  const index = config.webDist ? indexReader(config.webDist) : null;
  await app.register(securityPlugin, { inlineScriptHashes: () => index?.known()?.scriptHashes ?? [] });
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
  const services = createServices(database, clock, config, app.log, { tickBus, codeClock: options.codeClock });
  // An on-chain network whose node is silent or is another chain stops the start: never a silent fallback. So does a
  // receipt key file others may read or that holds no Ed25519 key (decision 145).
  await Promise.all([services.chain.prepare(), services.updown.receipts.signer()]).catch(async (error: unknown) => {
    services.market.close();
    await tickBus.close();
    throw error;
  });
  // prom-client loads only where metrics are read (decision 113); without METRICS_TOKEN nothing is counted.
  if (config.metricsToken) await services.metrics.enable();
  app.decorate("services", services);
  const health = new HealthService({
    clock,
    bus: tickBus,
    settlement: services.updown,
    dataFolder: database.dataFolder,
  });
  app.decorate("health", health);
  app.addHook("onClose", () => health.close());
  await app.register(drainPlugin, { draining: () => health.draining });
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
  // Every answer's latency by its route's pattern (never the raw URL: bounded labels), added before the routes so
  // that each of them, the web app's too, inherits it.
  app.addHook("onResponse", async (request, reply) => {
    services.metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (options.codeClock) testClockRoutes(app, options.codeClock);
  // Prometheus' scrape: outside the API's per-address rate limit and the contract's envelope (decision 113).
  metricsRoutes(app, ctx);
  await app.register(async (api) => {
    // Only the API's calls count toward the per-address limit, never the web app's files (spaPlugin, below).
    await api.register(apiRateLimitPlugin, {
      perMinute: options.rateLimitPerMinute ?? config.rateLimitPerMinute,
      redisUrl: config.redisUrl,
      namespace: options.rateLimitNamespace,
    });
    systemRoutes(api, ctx, health);
    accountsRoutes(api, ctx);
    ledgerRoutes(api, ctx);
    fundsRoutes(api, ctx);
    chainWithdrawalRoutes(api, ctx);
    chainAnchorRoutes(api, ctx);
    addressBookRoutes(api, ctx);
    priceAlertRoutes(api, ctx);
    adminRoutes(api, ctx);
    stakingRoutes(api, ctx);
    marketRoutes(api, ctx);
    contentRoutes(api, ctx);
    upDownRoutes(api, ctx);
    identityRoutes(api, ctx);
    consoleRoutes(api, ctx);
    incidentRoutes(api, ctx);
    exportRoutes(api, ctx);
    reservesRoutes(api, ctx);
    // Every call of the contract answers, even before its capability is built.
    for (const call of Object.values(calls)) {
      if (!routes.implemented.has(call.path)) unavailableRoute(api, routes, call);
    }
  });

  if (config.webDist && index) await app.register(spaPlugin, { root: config.webDist, index });
  return app;
}
