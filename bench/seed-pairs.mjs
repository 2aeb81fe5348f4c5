// A bench database with `count` enabled crypto pairs: the seed's, topped up with simulated BENCH<n>/USDT pairs.
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";
import { insertPairs } from "../apps/server/src/modules/market/repo.ts";
import { createServices } from "../apps/server/src/modules/services.ts";
import { seedDatabase } from "../apps/server/src/seed.ts";

/**
 * Seeds the PostgreSQL database at `url`, adds simulated pairs (product type 1) until `count` are enabled, records
 * one tick for each (so the simulated feed has prices and skips generating 90 days of history on start), and
 * returns the enabled crypto pairs' ids in list order.
 */
export async function seedBenchPairs(url, count) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await seedDatabase(database);
    const services = createServices(database, systemClock);
    const seeded = await services.market.listPairs(1);
    const extra = Array.from({ length: Math.max(0, count - seeded.length) }, (_, i) => ({
      symbol: `BENCH${i}/USDT`,
      base: `BENCH${i}`,
      quote: "USDT",
      productType: 1,
      priceDecimals: 2,
      qtyDecimals: 2,
      sort: 100 + i,
      simPrice: String(10 + i),
      simVolatility: "0.8",
    }));
    if (extra.length) await insertPairs(database.db, extra);
    // Read back from the table: the market service caches its pair list, which predates the insert.
    const ids = (
      await database.db.execute(sql`select id from pairs where enabled and product_type = 1 order by sort, id`)
    ).rows.map((r) => Number(r.id));
    await services.market.recordQuotes(ids.map((id, i) => ({ pairId: id, price: String(10 + i) })));
    return ids;
  } finally {
    await database.close();
  }
}
