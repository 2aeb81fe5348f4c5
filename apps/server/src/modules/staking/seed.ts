import type { Db } from "../../db/client";
import { countProducts, insertProducts } from "./repo";

/** Four demo products; seeded only into an empty table, so operators' edits are never overwritten. */
export async function seedStakingProducts(db: Db) {
  if ((await countProducts(db)) > 0) return;
  await insertProducts(db, [
    {
      name: { en: "USDT 7-day", "zh-Hans": "USDT 7天", "zh-Hant": "USDT 7天", ja: "USDT 7日間" },
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
      name: { en: "USDT 30-day", "zh-Hans": "USDT 30天", "zh-Hant": "USDT 30天", ja: "USDT 30日間" },
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
      name: { en: "BTC 14-day", "zh-Hans": "BTC 14天", "zh-Hant": "BTC 14天", ja: "BTC 14日間" },
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
      name: { en: "ETH 90-day", "zh-Hans": "ETH 90天", "zh-Hant": "ETH 90天", ja: "ETH 90日間" },
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
