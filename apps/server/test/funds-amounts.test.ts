import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deposits, exchangeQuotes, journalEntries } from "../src/db/schema";
import { fundUser } from "./fixtures";
import { balanceOf, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Issue #20 item 9: amounts past what NUMERIC(38, 18) holds (20 integer digits) are refused with a message, never
 * a 500, and change nothing. Every amount that enters is below 10^15; a stored balance never reaches 10^20.
 */

let t: TestApp;
let dataDir: string;
let op: string;
/** 20 integer digits: the largest whole number the column holds, and what the old validator let through. */
const HUGE = "99999999999999999999";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-amounts-"));
  t = await startTestApp({ config: { dataDir } });
  op = await t.operatorToken();
  const pairs = await t.app.services.market.listPairs(1);
  await t.app.services.market.recordQuotes([
    { pairId: pairs.find((p) => p.symbol === "BTC/USDT")!.id, price: "60000" },
  ]);
});
afterEach(async () => {
  expect(await t.api("adminLedgerHealth", { as: op }), "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const entryCount = async () => (await t.database.db.select({ n: count() }).from(journalEntries))[0]!.n;

async function channelOf(user: SignedUpUser, currency: string) {
  const { items } = await t.api("listDepositChannels", { as: user });
  return items.find((c) => c.currency === currency)!;
}

describe("amount limits", () => {
  it("refuses cleanly a completed deposit that would take a balance past the column, and changes nothing", async () => {
    const user = await signUp(t);
    const channel = await channelOf(user, "BTC");
    // Two pending deposits as the old validator let users submit them (20 integer digits each).
    const rows = await t.database.db
      .insert(deposits)
      .values(
        [1, 2].map(() => ({
          userId: user.userId,
          channelId: channel.id,
          currency: "BTC",
          network: channel.network,
          address: channel.address,
          amount: HUGE,
          imageIds: [],
          status: "pending",
          createdAt: new Date(),
        })),
      )
      .returning();
    const review = (id: number) => t.send("adminRechargeReview", { as: op, body: { id, action: "complete" } });
    expect((await review(rows[0]!.id)).body.code).toBe(1);
    const before = { balance: await balanceOf(t, user, "BTC"), entries: await entryCount() };
    expect(before.balance.available).toBe(HUGE);

    const second = await review(rows[1]!.id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      code: 0,
      msg: "This would take the BTC balance past the largest amount an account can hold",
    });
    expect(await balanceOf(t, user, "BTC")).toEqual(before.balance);
    expect(await entryCount()).toBe(before.entries);
    const [still] = await t.database.db.select().from(deposits).where(eq(deposits.id, rows[1]!.id));
    expect(still?.status).toBe("pending");
  });

  it("refuses an exchange quote past the cap, of the amount or of what it would pay, and stores no quote", async () => {
    const user = await signUp(t);
    await fundUser(t.app.services.ledger, user.userId, HUGE, "BTC");
    const before = { btc: await balanceOf(t, user, "BTC"), usdt: await balanceOf(t, user, "USDT") };
    const quote = (amount: string) => t.send("quoteExchange", { as: user, body: { from: "BTC", to: "USDT", amount } });

    const huge = await quote(HUGE);
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual({
      code: 0,
      msg: "amount is too large: at most 15 digits before the decimal point",
    });
    // 10^14 BTC is a valid amount, but at 60000 USDT it would pay 6 x 10^18 USDT.
    const pays = await quote("100000000000000");
    expect(pays.status).toBe(200);
    expect(pays.body).toEqual({
      code: 0,
      msg: "amount is too large: one exchange pays less than 1,000,000,000,000,000.00 USDT",
    });
    const quotes = await t.database.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.userId, user.userId));
    expect(quotes).toHaveLength(0);
    expect({ btc: await balanceOf(t, user, "BTC"), usdt: await balanceOf(t, user, "USDT") }).toEqual(before);
    // Below the cap it quotes as before.
    expect((await quote("1")).body.code).toBe(1);
  });

  it("names the field of an amount past 15 integer digits wherever amounts enter, in the user's language", async () => {
    const user = await signUp(t);
    const proof = await upload(t, user, { data: tinyPng() });
    const channel = await channelOf(user, "USDT");
    const tooLarge = "1000000000000000";
    const deposit = (amount: string, headers: Record<string, string> = {}) =>
      t.send("submitDeposit", {
        as: user,
        headers,
        body: { channel_id: channel.id, amount, images: [proof.body.data!.id] },
      });
    expect((await deposit(tooLarge)).body).toEqual({
      code: 0,
      msg: "amount is too large: at most 15 digits before the decimal point",
    });
    expect((await deposit(tooLarge, { lang: "de" })).body.msg).toBe(
      "amount ist zu groß: höchstens 15 Stellen vor dem Komma",
    );
    expect((await deposit("999999999999999.5")).body.code).toBe(1);

    const withdraw = await t.send("requestWithdrawal", {
      as: user,
      body: {
        currency: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: HUGE,
        code: "123456",
      },
    });
    expect(withdraw.body).toEqual({ code: 0, msg: "amount is too large: at most 15 digits before the decimal point" });
    const staking = await t.send("subscribeStaking", {
      as: user,
      body: { eid: 1, money: tooLarge },
    });
    expect(staking.body).toEqual({ code: 0, msg: "money is too large: at most 15 digits before the decimal point" });
  });
});
