import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { systemClock } from "./lib/clock";
import { seedDatabase } from "./seed";
import { chainSender } from "./workers/chain-sender";
import { chainWatcher } from "./workers/chain-watcher";
import { PriceFeed } from "./workers/price-feed";
import { settlementWorkers } from "./workers/settlement";

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
  const app = await buildApp({ config, database });
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
  const sender = app.services.chainWithdrawals.hasNetworks ? chainSender(app.services, database, app.log) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Workers first: the last tick is recorded and the feed's lease handed to another instance at once.
      await priceFeed.stop();
      await settlement.stop();
      await watcher.stop();
      await sender?.stop();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  priceFeed.start();
  settlement.start();
  if (app.services.chain.networks.length > 0) watcher.start();
  sender?.start();
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
  const { chainWithdrawals } = app.services;
  if (chainWithdrawals.hasNetworks) {
    process.stdout.write(
      chainWithdrawals.hotAddress
        ? `Hot wallet ${chainWithdrawals.hotAddress} sends withdrawals on the networks of CHAIN_NETWORKS_FILE.\n`
        : "No HOT_WALLET_KEY_FILE: withdrawals on the networks of CHAIN_NETWORKS_FILE wait, unsent, after review.\n",
    );
  }
  process.stdout.write("\n");
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Cryptos failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
