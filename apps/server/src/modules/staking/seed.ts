import { LOCALES, type Locale } from "@cryptos/contract";
import type { Db } from "../../db/client";
import { translate } from "../../i18n/translate";
import { countProducts, insertProducts } from "./repo";

/** A product's name in every language, from the catalogues' `staking_product_name` (plural by the days). */
function productName(currency: string, days: number): Record<Locale, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, translate(locale, "staking_product_name", { currency, days, count: days })]),
  ) as Record<Locale, string>;
}

/** Four demo products; seeded only into an empty table, so operators' edits are never overwritten. */
export async function seedStakingProducts(db: Db) {
  if ((await countProducts(db)) > 0) return;
  await insertProducts(db, [
    {
      name: productName("USDT", 7),
      currency: "USDT",
      dailyRate: "0.0005",
      days: 7,
      minAmount: "100",
      maxAmount: "50000",
      quota: "1000000",
      perUserLimit: "100000",
      sort: 1,
    },
    {
      name: productName("USDT", 30),
      currency: "USDT",
      dailyRate: "0.0008",
      days: 30,
      minAmount: "500",
      maxAmount: "100000",
      quota: "2000000",
      perUserLimit: "200000",
      sort: 2,
    },
    {
      name: productName("BTC", 14),
      currency: "BTC",
      dailyRate: "0.0002",
      days: 14,
      minAmount: "0.001",
      maxAmount: "5",
      quota: "100",
      perUserLimit: "10",
      sort: 3,
    },
    {
      name: productName("ETH", 90),
      currency: "ETH",
      dailyRate: "0.0003",
      days: 90,
      minAmount: "0.05",
      maxAmount: "100",
      quota: "5000",
      perUserLimit: "500",
      sort: 4,
    },
  ]);
}
