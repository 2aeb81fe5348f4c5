// The API server for the body suite: main.ts's database and app on DATABASE_URL, without the workers (the price
// feed's history writes would blur a latency percentile), and without the per-IP limits (every bench client is
// 127.0.0.1). Prints the port it listens on.
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { seedDatabase } from "../../apps/server/src/seed.ts";

const config = loadConfig(process.env, { webDist: undefined, perIpLimits: false });
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await seedDatabase(database, config);
const app = await buildApp({ config, database, logger: false, rateLimitPerMinute: 1e9 });
await app.listen({ port: 0, host: "127.0.0.1" });
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
process.stdout.write(`running at http://127.0.0.1:${app.server.address().port}/\n`);
