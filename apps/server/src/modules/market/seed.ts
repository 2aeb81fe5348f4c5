import type { Db } from "../../db/client";
import { countPairs, insertPairs } from "./repo";

/**
 * The seeded market: twelve large pairs against USDT with prices of late 2025, exchange-like precision and an
 * annualised volatility for the simulator (BTC calmest, the smaller coins wilder).
 */
export const SEED_PAIRS = [
  { base: "BTC", price: "97250.00", priceDecimals: 2, qtyDecimals: 6, volatility: "0.55" },
  { base: "ETH", price: "3450.00", priceDecimals: 2, qtyDecimals: 4, volatility: "0.70" },
  { base: "SOL", price: "192.40", priceDecimals: 2, qtyDecimals: 3, volatility: "0.90" },
  { base: "BNB", price: "655.30", priceDecimals: 2, qtyDecimals: 3, volatility: "0.55" },
  { base: "XRP", price: "2.3150", priceDecimals: 4, qtyDecimals: 1, volatility: "0.90" },
  { base: "DOGE", price: "0.32410", priceDecimals: 5, qtyDecimals: 0, volatility: "1.05" },
  { base: "ADA", price: "0.9520", priceDecimals: 4, qtyDecimals: 1, volatility: "0.95" },
  { base: "TRX", price: "0.25340", priceDecimals: 5, qtyDecimals: 1, volatility: "0.60" },
  { base: "LTC", price: "108.50", priceDecimals: 2, qtyDecimals: 3, volatility: "0.80" },
  { base: "DOT", price: "7.215", priceDecimals: 3, qtyDecimals: 2, volatility: "0.90" },
  { base: "AVAX", price: "38.40", priceDecimals: 2, qtyDecimals: 2, volatility: "0.95" },
  { base: "LINK", price: "23.180", priceDecimals: 3, qtyDecimals: 2, volatility: "0.90" },
] as const;

/** Seeds the pairs into an empty table only, so an operator's later edits are never overwritten. */
export async function seedPairs(db: Db): Promise<boolean> {
  if ((await countPairs(db)) > 0) return false;
  await insertPairs(
    db,
    SEED_PAIRS.map((p, i) => ({
      symbol: `${p.base}/USDT`,
      base: p.base,
      quote: "USDT",
      productType: 1,
      priceDecimals: p.priceDecimals,
      qtyDecimals: p.qtyDecimals,
      sort: i + 1,
      simPrice: p.price,
      simVolatility: p.volatility,
    })),
  );
  return true;
}
