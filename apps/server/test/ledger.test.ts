import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import { Refusal } from "../src/lib/errors";
import type { LedgerService } from "../src/modules/ledger/service";
import { createServices } from "../src/modules/services";
import { startTestApp, type TestApp } from "./helper";

let t: TestApp;
let ledger: LedgerService;
let seq = 0;
const key = (name: string) => `test:${name}:${++seq}`;

async function newUser(): Promise<number> {
  const [row] = await t.database.db
    .insert(users)
    .values({ email: `u${Date.now()}${++seq}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

/** Credits a user from the deposit clearing account, as a completed deposit does. */
async function fund(userId: number, amount: string, currency = "USDT") {
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      type: "deposit",
      idempotencyKey: key("fund"),
      postings: [
        { account: { userId, currency, kind: "available" }, amount },
        { account: { system: "deposit_clearing", currency }, amount: `-${amount}` },
      ],
    }),
  );
}

const freeze = (userId: number, amount: string, idempotencyKey = key("freeze")) =>
  ledger.transaction((tx) =>
    ledger.post(tx, {
      type: "withdraw_request",
      idempotencyKey,
      postings: [
        { account: { userId, currency: "USDT", kind: "available" }, amount: `-${amount}` },
        { account: { userId, currency: "USDT", kind: "frozen" }, amount },
      ],
    }),
  );

beforeAll(async () => {
  t = await startTestApp();
  ledger = createServices(t.database, systemClock).ledger;
});
afterEach(async () => {
  const health = await ledger.health();
  expect(health, "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
});

describe("ledger", () => {
  it("posts a balanced entry and keeps balances equal to their postings", async () => {
    const user = await newUser();
    await fund(user, "100.50");
    await freeze(user, "0.50");
    const balances = await ledger.balances(user);
    expect(balances.find((b) => b.currency === "USDT")).toEqual({ currency: "USDT", available: "100", frozen: "0.5" });
    expect(balances.find((b) => b.currency === "BTC")).toEqual({ currency: "BTC", available: "0", frozen: "0" });
  });

  it("refuses an entry that does not balance, and posts nothing", async () => {
    const user = await newUser();
    await expect(
      ledger.transaction((tx) =>
        ledger.post(tx, {
          type: "adjustment",
          idempotencyKey: key("unbalanced"),
          postings: [
            { account: { userId: user, currency: "USDT", kind: "available" }, amount: "5" },
            { account: { system: "house", currency: "USDT" }, amount: "-4.99" },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "available" })).toBe("0");
  });

  it("refuses to take a user account below zero, and rolls the whole transaction back", async () => {
    const user = await newUser();
    await fund(user, "10");
    const refused = await freeze(user, "10.01").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).key).toBe("insufficient_balance");
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "available" })).toBe("10");
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "frozen" })).toBe("0");
  });

  it("posts once for the same idempotency key, however often it is sent", async () => {
    const user = await newUser();
    await fund(user, "50");
    const first = await freeze(user, "20", "same-key-for-test");
    const again = await freeze(user, "20", "same-key-for-test");
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => freeze(user, "20", "same-key-for-test")));
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ entryId: first.entryId, duplicate: true });
    expect(concurrent.every((r) => r.duplicate)).toBe(true);
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "frozen" })).toBe("20");
  });

  it("never overdraws under 500 concurrent movements against one balance", async () => {
    const user = await newUser();
    await fund(user, "100");
    const results = await Promise.allSettled(Array.from({ length: 500 }, () => freeze(user, "0.5")));
    const accepted = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(accepted).toBe(200);
    expect(refused).toHaveLength(300);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Refusal);
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "available" })).toBe("0");
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "frozen" })).toBe("100");
  });

  it("lists a user's postings as bills, newest first, filtered by type and currency", async () => {
    const user = await newUser();
    await fund(user, "30");
    await fund(user, "0.001", "BTC");
    await freeze(user, "5");
    const all = await ledger.bills(user, 1, 10, {});
    expect(all.total).toBe(4);
    expect(all.items.map((b) => [b.type, b.currency, b.account, b.amount, b.balance_after])).toEqual([
      ["withdraw_request", "USDT", "frozen", "5", "5"],
      ["withdraw_request", "USDT", "available", "-5", "25"],
      ["deposit", "BTC", "available", "0.001", "0.001"],
      ["deposit", "USDT", "available", "30", "30"],
    ]);
    const btc = await ledger.bills(user, 1, 10, { currency: "BTC" });
    expect(btc.items).toHaveLength(1);
    const deposits = await ledger.bills(user, 1, 1, { type: "deposit" });
    expect(deposits).toMatchObject({ total: 2, page: 1, list: 1 });
    expect(deposits.items[0]?.currency).toBe("BTC");
  });

  it("asks for a session before showing bills", async () => {
    const res = await t.call("/api/index/getmoneylog", { query: { page: "1", list: "10" } });
    expect(res.status).toBe(401);
  });
});
