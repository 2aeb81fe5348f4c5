// The server as main.ts starts it (database, app, price feed, settlement), except that the per-IP request limit is
// lifted: the bench's 2,000 WebSocket clients all come from 127.0.0.1, where real clients come from many addresses.
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { systemClock } from "../../apps/server/src/lib/clock.ts";
import { PriceFeed } from "../../apps/server/src/workers/price-feed.ts";
import { settlementWorkers } from "../../apps/server/src/workers/settlement.ts";

const config = loadConfig(process.env, {});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp({ config, database, rateLimitPerMinute: 1e9 });
const feed = new PriceFeed({ market: app.services.market, database, config, clock: systemClock, log: app.log });
const settlement = settlementWorkers(app.services, app.log);
await app.listen({ port: config.port, host: config.host });
feed.start();
settlement.start();
process.on("SIGTERM", async () => {
  await feed.stop();
  await settlement.stop();
  await app.close();
  await database.close();
  process.exit(0);
});
process.stdout.write(`running at http://127.0.0.1:${app.server.address().port}/\n`);
