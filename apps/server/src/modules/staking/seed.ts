import type { Db } from "../../db/client";
import { countProducts, insertProducts } from "./repo";

/** "USDT 7-day" in every language (ru declines the noun by number). */
function productName(currency: string, days: number): Record<string, string> {
  const ru =
    days % 10 === 1 && days % 100 !== 11
      ? "день"
      : [2, 3, 4].includes(days % 10) && ![12, 13, 14].includes(days % 100)
        ? "дня"
        : "дней";
  return {
    en: `${currency} ${days}-day`,
    "zh-Hans": `${currency} ${days}天`,
    "zh-Hant": `${currency} ${days}天`,
    ja: `${currency} ${days}日間`,
    ko: `${currency} ${days}일`,
    th: `${currency} ${days} วัน`,
    vi: `${currency} ${days} ngày`,
    fr: `${currency} ${days} jours`,
    es: `${currency} ${days} días`,
    it: `${currency} ${days} giorni`,
    de: `${currency} ${days} Tage`,
    pt: `${currency} ${days} dias`,
    fi: `${currency} ${days} päivää`,
    ru: `${currency} на ${days} ${ru}`,
  };
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
