import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import type { Refusal } from "../src/lib/errors";
import { createServices, type Services } from "../src/modules/services";
import { fundUser, insertUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock(Date.UTC(2026, 0, 1, 9, 0, 0));
let t: TestApp;
let s: Services;

beforeAll(async () => {
  t = await startTestApp({ clock });
  s = t.app.services;
});
afterEach(async () => {
  expect(await s.ledger.health()).toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
});

/** The four demo products' names as the seed wrote them inline before they moved to the catalogues (ru declines). */
const SEEDED_NAMES = {
  en: ["USDT 7-day", "USDT 30-day", "BTC 14-day", "ETH 90-day"],
  "zh-Hans": ["USDT 7天", "USDT 30天", "BTC 14天", "ETH 90天"],
  "zh-Hant": ["USDT 7天", "USDT 30天", "BTC 14天", "ETH 90天"],
  ja: ["USDT 7日間", "USDT 30日間", "BTC 14日間", "ETH 90日間"],
  ko: ["USDT 7일", "USDT 30일", "BTC 14일", "ETH 90일"],
  th: ["USDT 7 วัน", "USDT 30 วัน", "BTC 14 วัน", "ETH 90 วัน"],
  vi: ["USDT 7 ngày", "USDT 30 ngày", "BTC 14 ngày", "ETH 90 ngày"],
  fr: ["USDT 7 jours", "USDT 30 jours", "BTC 14 jours", "ETH 90 jours"],
  es: ["USDT 7 días", "USDT 30 días", "BTC 14 días", "ETH 90 días"],
  it: ["USDT 7 giorni", "USDT 30 giorni", "BTC 14 giorni", "ETH 90 giorni"],
  de: ["USDT 7 Tage", "USDT 30 Tage", "BTC 14 Tage", "ETH 90 Tage"],
  pt: ["USDT 7 dias", "USDT 30 dias", "BTC 14 dias", "ETH 90 dias"],
  fi: ["USDT 7 päivää", "USDT 30 päivää", "BTC 14 päivää", "ETH 90 päivää"],
  ru: ["USDT на 7 дней", "USDT на 30 дней", "BTC на 14 дней", "ETH на 90 дней"],
} as const;

const usdt7 = async () => (await s.staking.products("en")).find((p) => p.currency === "USDT" && p.days === 7)!;
const balance = (userId: number, kind: "available" | "custody") => s.ledger.balance({ userId, currency: "USDT", kind });

describe("staking", () => {
  it("lists the seeded products with their terms, publicly", async () => {
    const res = await t.send("getStakingSummary");
    expect(res.body.code).toBe(1);
    const data = res.body.data!;
    expect(data.products.length).toBeGreaterThanOrEqual(4);
    expect(data.in_custody).toBe("0");
    const one = await t.send("getStakingProduct", { body: { id: (await usdt7()).id }, headers: { lang: "ja" } });
    expect(one.body).toMatchObject({ code: 1, data: { name: "USDT 7日間", daily_rate: "0.0005", days: 7 } });
  });

  it("seeds the product names the first start always wrote, in every language (now from the catalogues)", async () => {
    const seeded: Record<string, string[]> = {};
    for (const locale of Object.keys(SEEDED_NAMES)) {
      const products = await s.staking.products(locale as keyof typeof SEEDED_NAMES);
      seeded[locale] = products.filter((p) => p.id <= 4).map((p) => p.name);
    }
    expect(seeded).toEqual(SEEDED_NAMES);
  });

  it("pays 7 daily interest entries and then the principal for a 7-day product", async () => {
    const user = await insertUser(t.database);
    await fundUser(s.ledger, user, "1000");
    const product = await usdt7();
    const order = await s.staking.subscribe(user, product.id, "1000", "en");
    expect(order).toMatchObject({ status: "in_custody", principal: "1000", days_paid: 0 });
    expect(await balance(user, "available")).toBe("0");
    expect(await balance(user, "custody")).toBe("1000");

    for (let day = 1; day <= 7; day++) {
      clock.advance(DAY);
      await s.staking.accrueDue();
      const bills = await s.ledger.bills(user, 1, 50, { type: "staking_interest" });
      expect(bills.total).toBe(day);
    }
    const [settled] = (await s.staking.orders(user, undefined, 1, 10, "en")).items;
    expect(settled).toMatchObject({ status: "settled", days_paid: 7, earned: "3.5", next_payout_at: null });
    expect(await balance(user, "available")).toBe("1003.5");
    expect(await balance(user, "custody")).toBe("0");
    const inbox = await s.messages.personalMessages(user);
    expect(s.messages.render(inbox[0]!, "en").title).toBe("Staking order completed");

    clock.advance(DAY);
    expect(await s.staking.accrueDue()).toBe(0);
  });

  it("catches up every day missed during a 3-day outage exactly once", async () => {
    const user = await insertUser(t.database);
    await fundUser(s.ledger, user, "200");
    await s.staking.subscribe(user, (await usdt7()).id, "200", "en");
    clock.advance(3 * DAY + 60_000);
    await s.staking.accrueDue();
    await s.staking.accrueDue();
    const bills = await s.ledger.bills(user, 1, 50, { type: "staking_interest" });
    expect(bills.items.map((b) => b.amount)).toEqual(["0.1", "0.1", "0.1"]);
    const summary = await s.staking.summary(user, "en");
    expect(summary).toMatchObject({ total_earned: "0.3", in_custody: "200" });
  });

  it("never pays twice when two workers run at once", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => insertUser(t.database)));
    const product = await usdt7();
    for (const u of users) {
      await fundUser(s.ledger, u, "100");
      await s.staking.subscribe(u, product.id, "100", "en");
    }
    clock.advance(2 * DAY);
    // A second instance's services over the same database, as a second worker would have.
    const other = createServices(t.database, clock);
    await Promise.all([s.staking.accrueDue(2), other.staking.accrueDue(3), s.staking.accrueDue(5)]);
    for (const u of users) {
      const bills = await s.ledger.bills(u, 1, 50, { type: "staking_interest" });
      expect(bills.total).toBe(2);
    }
  });

  it("holds the quota and the per-user limit under 200 concurrent subscriptions", async () => {
    const product = await usdt7();
    const user = await insertUser(t.database);
    await fundUser(s.ledger, user, "200000");
    // The per-user limit is 100,000: 200 subscriptions of 1,000 must stop at 100 accepted.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => s.staking.subscribe(user, product.id, "1000", "en")),
    );
    const accepted = results.filter((r) => r.status === "fulfilled").length;
    expect(accepted).toBe(100);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as Refusal).key).toBe("staking_user_limit");
    }
    expect(await balance(user, "custody")).toBe("100000");
  });

  it("holds the product's total quota when many users subscribe at once", async () => {
    const btc = (await s.staking.products("en")).find((p) => p.currency === "BTC")!;
    expect(btc.quota).toBe("100");
    const users = await Promise.all(Array.from({ length: 30 }, () => insertUser(t.database)));
    for (const u of users) await fundUser(s.ledger, u, "5", "BTC");
    const results = await Promise.allSettled(users.map((u) => s.staking.subscribe(u, btc.id, "5", "en")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as Refusal).key).toBe("staking_quota_exceeded");
    }
    expect((await s.staking.product(btc.id, "en")).quota_left).toBe("0");
  });

  it("refuses amounts outside the product's limits, with too many decimals, or beyond the balance", async () => {
    const user = await insertUser(t.database);
    await fundUser(s.ledger, user, "150");
    const id = (await usdt7()).id;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: Refusal) => e.key,
      );
    expect(await refusal(s.staking.subscribe(user, id, "99", "en"))).toBe("staking_amount_range");
    expect(await refusal(s.staking.subscribe(user, id, "100.001", "en"))).toBe("staking_amount_decimals");
    expect(await refusal(s.staking.subscribe(user, id, "200", "en"))).toBe("insufficient_balance");
    expect(await refusal(s.staking.subscribe(user, 99999, "100", "en"))).toBe("staking_product_not_found");
  });
});
