import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { Refusal } from "../src/lib/errors";
import type { LedgerService } from "../src/modules/ledger/service";
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
  ledger = t.app.services.ledger;
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
    expect(balances.find((b) => b.currency === "USDT")).toEqual({
      currency: "USDT",
      available: "100",
      frozen: "0.5",
      custody: "0",
    });
    expect(balances.find((b) => b.currency === "BTC")).toEqual({
      currency: "BTC",
      available: "0",
      frozen: "0",
      custody: "0",
    });
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

  it("posts a batch: skips an already-posted key, runs balances across entries on one account", async () => {
    const a = await newUser();
    const b = await newUser();
    await fund(a, "10");
    const posted = key("posted");
    await ledger.transaction((tx) =>
      ledger.post(tx, {
        type: "adjustment",
        idempotencyKey: posted,
        postings: [
          { account: { userId: a, currency: "USDT", kind: "available" }, amount: "1" },
          { account: { system: "house", currency: "USDT" }, amount: "-1" },
        ],
      }),
    );
    const credit = (userId: number, amount: string, idempotencyKey = key("batch")) => ({
      type: "adjustment" as const,
      idempotencyKey,
      postings: [
        { account: { userId, currency: "USDT", kind: "available" as const }, amount },
        { account: { system: "house" as const, currency: "USDT" }, amount: `-${amount}` },
      ],
    });
    const repeated = key("repeated");
    const results = await ledger.transaction((tx) =>
      ledger.postMany(tx, [
        credit(a, "2.5"),
        credit(a, "1000", posted), // already posted: skipped entirely
        credit(b, "3"),
        {
          type: "withdraw_request",
          idempotencyKey: key("freeze"),
          postings: [
            { account: { userId: a, currency: "USDT", kind: "available" }, amount: "-13.5" },
            { account: { userId: a, currency: "USDT", kind: "frozen" }, amount: "13.5" },
          ],
        },
        credit(a, "0.25", repeated),
        credit(a, "0.25", repeated), // the same key twice in one batch posts once
        credit(b, "4"),
      ]),
    );
    expect(results.map((r) => r.duplicate)).toEqual([false, true, false, false, false, true, false]);
    expect(results[5]?.entryId).toBe(results[4]?.entryId);
    expect(results[1]?.entryId).toBeGreaterThan(0);
    expect(new Set(results.filter((r) => !r.duplicate).map((r) => r.entryId)).size).toBe(5);

    // a: 10 (fund) + 1 (earlier) + 2.5 - 13.5 + 0.25 = 0.25 available, 13.5 frozen; b: 7.
    expect(await ledger.balance({ userId: a, currency: "USDT", kind: "available" })).toBe("0.25");
    expect(await ledger.balance({ userId: a, currency: "USDT", kind: "frozen" })).toBe("13.5");
    expect(await ledger.balance({ userId: b, currency: "USDT", kind: "available" })).toBe("7");
    const billsA = await ledger.bills(a, 1, 10, {});
    expect(billsA.items.map((x) => [x.account, x.amount, x.balance_after])).toEqual([
      ["available", "0.25", "0.25"],
      ["frozen", "13.5", "13.5"],
      ["available", "-13.5", "0"],
      ["available", "2.5", "13.5"],
      ["available", "1", "11"],
      ["available", "10", "10"],
    ]);
    const billsB = await ledger.bills(b, 1, 10, {});
    expect(billsB.items.map((x) => [x.amount, x.balance_after])).toEqual([
      ["4", "7"],
      ["3", "3"],
    ]);
  });

  it("refuses a whole batch when one entry does not balance, or one would overdraw, and posts nothing", async () => {
    const user = await newUser();
    await fund(user, "5");
    const credit = {
      type: "adjustment" as const,
      idempotencyKey: key("ok"),
      postings: [
        { account: { userId: user, currency: "USDT", kind: "available" as const }, amount: "1" },
        { account: { system: "house" as const, currency: "USDT" }, amount: "-1" },
      ],
    };
    await expect(
      ledger.transaction((tx) =>
        ledger.postMany(tx, [
          credit,
          {
            type: "adjustment",
            idempotencyKey: key("unbalanced"),
            postings: [
              { account: { userId: user, currency: "USDT", kind: "available" }, amount: "2" },
              { account: { system: "house", currency: "USDT" }, amount: "-1.99" },
            ],
          },
        ]),
      ),
    ).rejects.toThrow(/does not balance/);
    // Balanced in total but not per currency.
    await expect(
      ledger.transaction((tx) =>
        ledger.postMany(tx, [
          {
            type: "adjustment",
            idempotencyKey: key("cross"),
            postings: [
              { account: { userId: user, currency: "BTC", kind: "available" }, amount: "1" },
              { account: { system: "house", currency: "USDT" }, amount: "-1" },
            ],
          },
        ]),
      ),
    ).rejects.toThrow(/does not balance/);
    const overdraw = await ledger
      .transaction((tx) =>
        ledger.postMany(tx, [
          credit,
          {
            type: "withdraw_request",
            idempotencyKey: key("freeze"),
            postings: [
              { account: { userId: user, currency: "USDT", kind: "available" }, amount: "-6.01" },
              { account: { userId: user, currency: "USDT", kind: "frozen" }, amount: "6.01" },
            ],
          },
        ]),
      )
      .catch((e: unknown) => e);
    expect(overdraw).toBeInstanceOf(Refusal);
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "available" })).toBe("5");
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "frozen" })).toBe("0");
    expect((await ledger.bills(user, 1, 10, {})).total).toBe(1);
    // The refused batch left its keys free: the good entry posts when sent again.
    const [again] = await ledger.transaction((tx) => ledger.postMany(tx, [credit]));
    expect(again?.duplicate).toBe(false);
    expect(await ledger.balance({ userId: user, currency: "USDT", kind: "available" })).toBe("6");
  });

  it("posts concurrent batches over shared accounts without deadlock or overdraft", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    for (const u of users) await fund(u, "10");
    // Each batch moves 1 from every user to the house, users in a different order each time.
    // Straight through the database's transaction, not `ledger.transaction`: a deadlock would not be retried but
    // show up here as a failure that is no Refusal.
    const batch = (n: number) =>
      t.database.db.transaction((tx) =>
        ledger.postMany(
          tx,
          [...users]
            .sort((x, y) => ((x * 7 + n) % 11) - ((y * 7 + n) % 11))
            .map((u) => ({
              type: "adjustment" as const,
              idempotencyKey: key(`conc${n}`),
              postings: [
                { account: { userId: u, currency: "USDT", kind: "available" as const }, amount: "-1" },
                { account: { system: "house" as const, currency: "USDT" }, amount: "1" },
              ],
            })),
        ),
      );
    const results = await Promise.allSettled(Array.from({ length: 14 }, (_, n) => batch(n)));
    const accepted = results.filter((r) => r.status === "fulfilled").length;
    expect(accepted).toBe(10);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(Refusal);
    }
    for (const u of users) expect(await ledger.balance({ userId: u, currency: "USDT", kind: "available" })).toBe("0");
  });

  it("posts to an account whose first creation was rolled back, and to one it has posted to before", async () => {
    const userId = await newUser();
    // The account is created inside a transaction that then fails: its id must not be remembered.
    await expect(
      ledger.transaction(async (tx) => {
        await ledger.post(tx, {
          type: "deposit",
          idempotencyKey: key("rolled-back"),
          postings: [
            { account: { userId, currency: "BTC", kind: "available" }, amount: "1" },
            { account: { system: "deposit_clearing", currency: "BTC" }, amount: "-1" },
          ],
        });
        throw new Error("the business row failed");
      }),
    ).rejects.toThrow("the business row failed");
    await fund(userId, "2", "BTC");
    await fund(userId, "3", "BTC");
    expect(await ledger.balance({ userId, currency: "BTC", kind: "available" })).toBe("5");
  });

  it("asks for a session before showing bills", async () => {
    const res = await t.send("listBills", { query: { page: 1, list: 10 } });
    expect(res.status).toBe(401);
  });
});
