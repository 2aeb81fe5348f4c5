import type { Db } from "../../db/client";
import { insertCurrencies } from "./repo";

/** The currencies of the seeded market; USDT takes 2 decimals, as the spec's amount rule says. */
export const SEED_CURRENCIES = [
  { code: "USDT", name: "Tether USD", decimals: 2, sort: 0 },
  { code: "BTC", name: "Bitcoin", decimals: 8, sort: 1 },
  { code: "ETH", name: "Ethereum", decimals: 8, sort: 2 },
  { code: "SOL", name: "Solana", decimals: 6, sort: 3 },
  { code: "BNB", name: "BNB", decimals: 8, sort: 4 },
  { code: "XRP", name: "XRP", decimals: 6, sort: 5 },
  { code: "DOGE", name: "Dogecoin", decimals: 8, sort: 6 },
  { code: "ADA", name: "Cardano", decimals: 6, sort: 7 },
  { code: "TRX", name: "TRON", decimals: 6, sort: 8 },
  { code: "LTC", name: "Litecoin", decimals: 8, sort: 9 },
  { code: "DOT", name: "Polkadot", decimals: 8, sort: 10 },
  { code: "AVAX", name: "Avalanche", decimals: 8, sort: 11 },
  { code: "LINK", name: "Chainlink", decimals: 8, sort: 12 },
];

/** Idempotent: inserts the currencies that are missing, changes none that exist. */
export const seedCurrencies = (db: Db) => insertCurrencies(db, SEED_CURRENCIES);
