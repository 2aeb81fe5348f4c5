import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { Money, toAmount } from "../src/lib/decimal";
import type { Services } from "../src/modules/services";
import { balanceOf, depositCompleted } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let dataDir: string;
let op: string;
let services: Services;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** Records market ticks through the market service, as the price feed does. */
async function setPrices(prices: Record<string, string>) {
  const pairs = await services.market.listPairs(1);
  await services.market.recordQuotes(
    Object.entries(prices).map(([base, price]) => {
      const pair = pairs.find((p) => p.symbol === `${base}/USDT`);
      if (!pair) throw new Error(`no pair ${base}/USDT`);
      return { pairId: pair.id, price };
    }),
    clock.now(),
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-exchange-"));
  t = await startTestApp({ config: { dataDir }, clock });
  services = t.app.services;
  op = await t.operatorToken();
  await setPrices({ BTC: "60000.00", ETH: "3000.00" });
});
afterEach(async () => {
  expect(await t.api("adminLedgerHealth", { as: op }), "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const quote = (user: SignedUpUser, from: string, to: string, amount: string) =>
  t.send("quoteExchange", { as: user, body: { from, to, amount } });
const execute = (user: SignedUpUser, quoteId: string) => t.send("exchange", { as: user, body: { quote_id: quoteId } });

describe("exchange", () => {
  it("quotes price, fee and receive, then executes exactly that as one entry over both currencies", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, op, "1000");
    const q = await quote(user, "USDT", "BTC", "600");
    expect(q.body).toMatchObject({
      code: 1,
      data: {
        from: "USDT",
        to: "BTC",
        amount: "600",
        price: "0.000016666666666666",
        fee_rate: "0.001",
        fee: "0.00001",
        receive: "0.00999",
        expires_at: new Date(clock.now().getTime() + 15_000).toISOString(),
      },
    });
    const quoteId = q.body.data!.quote_id;
    const done = await execute(user, quoteId);
    expect(done.body).toMatchObject({
      code: 1,
      data: { from: "USDT", to: "BTC", amount: "600", fee: "0.00001", receive: "0.00999" },
    });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "400", frozen: "0" });
    expect(await balanceOf(t, user, "BTC")).toEqual({ available: "0.00999", frozen: "0" });

    const bills = await t.send("listBills", {
      as: user,
      query: { page: 1, list: 10, type: "exchange" },
    });
    const items = bills.body.data!.items;
    expect(items.map((b) => [b.currency, b.amount])).toEqual([
      ["BTC", "0.00999"],
      ["USDT", "-600"],
    ]);
    expect(items[0]?.ref).toBe(items[1]?.ref);

    const used = await execute(user, quoteId);
    expect(used.body).toMatchObject({ code: 0, msg: "This quote has already been used" });
    const log = await t.send("listExchanges", { as: user, query: { page: 1, list: 10 } });
    expect(log.body.data).toMatchObject({ total: 1, items: [{ from: "USDT", to: "BTC", receive: "0.00999" }] });
  });

  it("crosses through USDT, and the operator's fee rate applies to new quotes", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, op, "0.01", "BTC");
    await t.send("adminFundsSettings", { as: op, body: { exchange_fee_rate: "0.002" } });
    try {
      const q = await quote(user, "BTC", "ETH", "0.005");
      expect(q.body.data).toMatchObject({ price: "20", fee_rate: "0.002", fee: "0.0002", receive: "0.0998" });
      expect((await execute(user, q.body.data!.quote_id)).body.code).toBe(1);
      expect(await balanceOf(t, user, "BTC")).toEqual({ available: "0.005", frozen: "0" });
      expect(await balanceOf(t, user, "ETH")).toEqual({ available: "0.0998", frozen: "0" });
    } finally {
      await t.send("adminFundsSettings", { as: op, body: { exchange_fee_rate: "0.001" } });
    }
  });

  it("refuses an expired quote, someone else's quote, and nonsense", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await depositCompleted(t, user, op, "100");
    const q = (await quote(user, "USDT", "ETH", "30")).body.data!;
    expect((await execute(other, q.quote_id)).body).toMatchObject({
      code: 0,
      msg: "This quote was not found; please get a new quote",
    });
    clock.advance(15_000);
    expect((await execute(user, q.quote_id)).body).toMatchObject({
      code: 0,
      msg: "This quote has expired; please get a new quote",
    });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });
    expect((await quote(user, "USDT", "USDT", "1")).body).toMatchObject({
      code: 0,
      msg: "Choose two different currencies",
    });
    expect((await quote(user, "USDT", "BTC", "1.001")).body).toMatchObject({
      code: 0,
      msg: "USDT amounts take at most 2 decimal places",
    });
    expect((await quote(user, "BTC", "USDT", "0.00000001")).body).toMatchObject({
      code: 0,
      msg: "The amount is too small to exchange",
    });
    expect((await quote(user, "USDT", "BTC", "100.01")).body).toMatchObject({
      code: 0,
      msg: "Insufficient USDT balance",
    });
    expect((await execute(user, "does-not-exist-at-all")).body.code).toBe(0);
  });
});

describe("funds under concurrency", () => {
  it("never overdraws under 500 concurrent withdrawals and exchanges against one balance", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, op, "1000");
    // The destination is in the user's book, saved a day ago (the clock is set back for it), so past its hold.
    const now = clock.now();
    clock.set(now.getTime() - 24 * 60 * 60 * 1000);
    await services.addressBook.add(
      user.userId,
      { currency: "USDT", network: "TRC20", address: TRON, label: "Cold wallet" },
      "en",
    );
    clock.set(now);
    const quotes: string[] = [];
    for (let i = 0; i < 250; i++) {
      const q = await quote(user, "USDT", "BTC", "3");
      expect(q.body.code, q.body.msg).toBe(1);
      quotes.push(q.body.data!.quote_id);
    }
    const receive = "0.00004995"; // 3 USDT at 60000, less 0.1 % rounded up to 8 decimals
    // Withdrawals go through the service after the code step: one emailed code authorises one withdrawal, so 250
    // codes cannot be live at once for one user; the money path under test is the same either way.
    const withdrawals = Array.from({ length: 250 }, () =>
      services.withdrawals
        .placeWithdrawal(user.userId, { currency: "USDT", network: "TRC20", address: TRON, amount: "10" })
        .then(
          () => "ok" as const,
          (e: unknown) => (e as { key?: string }).key ?? String(e),
        ),
    );
    const exchanges = quotes.map((id) =>
      execute(user, id).then((r) => (r.body.code === 1 ? ("ok" as const) : r.body.msg)),
    );
    const [w, x] = await Promise.all([Promise.all(withdrawals), Promise.all(exchanges)]);
    const okW = w.filter((r) => r === "ok").length;
    const okX = x.filter((r) => r === "ok").length;
    expect(w.filter((r) => r !== "ok").every((r) => r === "insufficient_balance")).toBe(true);
    expect(x.filter((r) => r !== "ok").every((r) => r === "Insufficient USDT balance")).toBe(true);
    expect(okW * 11 + okX * 3).toBeLessThanOrEqual(1000);
    expect(okW + okX).toBeLessThan(500);

    const usdt = await balanceOf(t, user, "USDT");
    expect(usdt.available).toBe(String(1000 - okW * 11 - okX * 3));
    expect(usdt.frozen).toBe(String(okW * 11));
    // Anything refused was refused because the balance could no longer pay for it.
    if (okW < 250) expect(Number(usdt.available)).toBeLessThan(11);
    if (okX < 250) expect(Number(usdt.available)).toBeLessThan(3);
    const btc = await balanceOf(t, user, "BTC");
    expect(btc.available).toBe(toAmount(new Money(receive).times(okX)));
  }, 120_000);

  it("executes one quote once however many times it is sent at the same moment", async () => {
    const user = await signUp(t);
    await depositCompleted(t, user, op, "50");
    const q = (await quote(user, "USDT", "BTC", "30")).body.data!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => execute(user, q.quote_id)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "20", frozen: "0" });
  });
});
