import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { serverBackups } from "./db/backup/server-backups";
import { openDatabase } from "./db/client";
import { drainServer } from "./drain";
import { systemClock } from "./lib/clock";
import { SteppableClock } from "./lib/test-clock";
import { seedDatabase } from "./seed";
import { chainSender } from "./workers/chain-sender";
import { chainWatcher } from "./workers/chain-watcher";
import { operatorAlertsWorker } from "./workers/operator-alerts";
import { PriceFeed } from "./workers/price-feed";
import { reservesWorker } from "./workers/reserves";
import { settlementWorkers } from "./workers/settlement";
import { startStallGuard } from "./workers/stall-guard";
import { Watchdog } from "./workers/watchdog";

/** The built SPA sits beside the server's bundle in the monorepo: apps/web/dist. */
const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

async function main() {
  const config = loadConfig(process.env, {});
  if (!config.webDist) config.webDist = defaultWebDist;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  const seeded = await seedDatabase(database, config);
  // Browser tests only (decision 141; config.ts refuses it off loopback and in production).
  const codeClock = config.testClock ? new SteppableClock(systemClock) : undefined;
  const app = await buildApp({ config, database, codeClock });
  if (codeClock) app.log.warn("TEST_CLOCK=on: the emailed codes' clock can be moved forward (test servers only)");
  const priceFeed = new PriceFeed({
    market: app.services.market,
    alerts: app.services.priceAlerts,
    tickLog: app.services.tickLog,
    database,
    config,
    clock: systemClock,
    log: app.log,
    historyDays: config.simulatedHistoryDays,
  });
  const settlement = settlementWorkers(app.services, app.log);
  const watcher = chainWatcher(app.services.chain, database, app.log);
  const operatorAlerts = operatorAlertsWorker(app.services, database.db, config.alertCheckSeconds * 1000, app.log);
  const reserves = reservesWorker(app.services, database.db, config.reservesEveryMs, app.log);
  let firstCheck: NodeJS.Timeout | undefined;
  // The watcher always runs (a network added in the console is followed from its save on); the sender only when
  // there is a hot wallet to send with.
  const sender = app.services.chainWithdrawals.hasHotWallet ? chainSender(app.services, database, app.log) : undefined;

  let backups: Awaited<ReturnType<typeof serverBackups>> | undefined;
  const watchdog = new Watchdog({
    probe: () => app.health.probeDatabase(),
    answeredAt: () => app.health.databaseAnsweredAt,
    failAfterMs: config.watchdogSeconds * 1000,
    onFatal: (reason, failingMs) => {
      // One line, then out: the supervisor (deploy/cryptos.service: Restart=on-failure) starts the server again.
      app.log.fatal(
        { reason, failing_s: Math.round(failingMs / 1000) },
        `watchdog: the database has not answered for ${Math.round(failingMs / 1000)} s (${reason}); exiting for the supervisor to restart the server`,
      );
      process.exit(1);
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, drain_s: config.drainSeconds },
      "draining: new orders refused, the running settlement finishes, live sockets closed (1012)",
    );
    const force = setTimeout(() => {
      app.log.error({ drain_s: config.drainSeconds }, `drain did not finish within ${config.drainSeconds} s; exiting`);
      process.exit(1);
    }, config.drainSeconds * 1000);
    force.unref();
    try {
      // Workers first: the running settlement batch commits and the feed's lease goes to another instance at once.
      clearTimeout(firstCheck);
      const workers = [
        watchdog,
        priceFeed,
        settlement,
        watcher,
        operatorAlerts,
        reserves,
        ...(sender ? [sender] : []),
        ...(backups ? [backups] : []),
      ];
      const ms = await drainServer({ app, workers, database });
      app.log.info({ ms }, "drained; exiting");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "drain failed; exiting");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  priceFeed.start();
  settlement.start();
  watcher.start();
  sender?.start();
  reserves.start();
  // The first check waits one interval, so that a restart after downtime is not a stale feed before its first tick.
  firstCheck = setTimeout(() => operatorAlerts.start(), config.alertCheckSeconds * 1000);
  backups = await serverBackups(
    database,
    config,
    {
      info: (fields, message) => app.log.info(fields, message),
      error: (fields, message) => app.log.error(fields, message),
      warn: (message) => app.log.warn(message),
    },
    app.services.incidents,
  );
  watchdog.start();
  // The main thread stuck for longer than the watchdog gives the database (plus 5 s): only a thread of its own sees
  // it. It stays on through a drain, which a stuck database could hold up past DRAIN_SECONDS' own timer.
  if (config.watchdogSeconds > 0) startStallGuard((config.watchdogSeconds + 5) * 1000);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  const where = config.databaseUrl ? "PostgreSQL" : `PGlite in ${path.join(config.dataDir, "pglite")}`;
  process.stdout.write(`\nCryptos is running at http://${shownHost}:${port}/  (database: ${where})\n`);
  if (seeded.demoOperator) {
    process.stdout.write(
      `Operator console: http://${shownHost}:${port}/#/admin  demo operator ${seeded.demoOperator.email} / ${seeded.demoOperator.password} (shown once; set OPERATOR_EMAIL and OPERATOR_PASSWORD to choose your own)\n`,
    );
  }
  if (!config.smtpUrl) {
    process.stdout.write(
      "Mail is not delivered (no SMTP_URL): codes show in the console's Email outbox. Set SMTP_URL before a real user signs up.\n",
    );
  }
  const { chainWithdrawals, chain } = app.services;
  const hotAddress = await chainWithdrawals.hotAddress();
  if (chain.networks.length > 0 || hotAddress) {
    process.stdout.write(
      hotAddress
        ? `Hot wallet ${hotAddress} sends withdrawals on the networks with a node.\n`
        : "No HOT_WALLET_KEY_FILE: withdrawals on the networks with a node wait, unsent, after review.\n",
    );
  }
  // Once at start: whether the tick log's heads are anchored on chain (ANCHOR_EVERY; decision 148).
  process.stdout.write(`${await app.services.chainAnchors.describe()}\n`);
  process.stdout.write("\n");
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Cryptos failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
