import { randomBytes } from "node:crypto";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { systemClock } from "./lib/clock";
import { seedContent } from "./modules/content/seed";
import { seedFunds } from "./modules/funds/seed";
import { seedCurrencies } from "./modules/ledger/seed";
import { seedPairs } from "./modules/market/seed";
import { createServices } from "./modules/services";
import { seedStakingProducts } from "./modules/staking/seed";
import { seedUpDownSettings } from "./modules/updown/seed";

export interface SeedResult {
  /** Set when this start created the demo operator: its credentials are printed once. */
  demoOperator?: { email: string; password: string };
}

export const DEMO_OPERATOR_EMAIL = "operator@cryptos.local";

/**
 * First-start data (docs/design/settings.md, "The first start"). Every step is idempotent: it adds what is missing
 * and changes nothing else.
 */
export async function seedDatabase(database: Database, config?: Pick<Config, "operatorEmail" | "operatorPassword">) {
  const result: SeedResult = {};
  const { admin, settings, messages, market } = createServices(database, systemClock);
  await seedCurrencies(database.db);
  await seedPairs(database.db);
  await seedUpDownSettings(database.db, await market.listPairs(1));
  await seedFunds(database.db);
  await seedStakingProducts(database.db);
  await seedContent(settings, messages);

  if (config?.operatorEmail && config.operatorPassword) {
    await admin.ensureOperator(config.operatorEmail, config.operatorPassword);
  } else if (config && !(await admin.hasOperators())) {
    const password = randomBytes(12).toString("base64url");
    await admin.ensureOperator(DEMO_OPERATOR_EMAIL, password);
    result.demoOperator = { email: DEMO_OPERATOR_EMAIL, password };
  }
  return result;
}
