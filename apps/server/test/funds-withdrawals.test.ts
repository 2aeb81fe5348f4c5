import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BodyOf, type Calls, calls, type DataOf, type Network } from "@cryptos/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { balanceOf, depositCompleted, emailedCode } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let dataDir: string;
let op: string;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-withdrawals-"));
  t = await startTestApp({ config: { dataDir }, clock });
  op = await t.operatorToken();
});
afterEach(async () => {
  expect(await t.api("adminLedgerHealth", { as: op }), "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A signed-up user with `amount` USDT and `saved` addresses in their book (the TRC20 one by default), past the
 * book's 24-hour hold (the clock moves on) and so past the sign-up code's resend wait: without two-step
 * verification, withdrawals go only to matured book addresses (decision 031, tested in address-book.test.ts).
 */
async function fundedUser(
  amount: string,
  saved: { network: Network; address: string }[] = [{ network: "TRC20", address: TRON }],
): Promise<SignedUpUser> {
  const user = await signUp(t);
  await depositCompleted(t, user, op, amount);
  for (const { network, address } of saved) {
    const res = await t.send("withdrawAddressAdd", {
      as: user,
      body: { currency: "USDT", network, address, label: `My ${network} wallet` },
    });
    expect(res.body.code, res.body.msg).toBe(1);
  }
  clock.advance(24 * 60 * 60 * 1000);
  // The operator's console session has expired meanwhile; sign in again.
  op = await t.operatorToken();
  return user;
}

/** Turns two-step verification on as an authenticator app would; answers the recovery codes. */
async function enrolTotp(user: SignedUpUser) {
  const { secret } = await t.api("totpSetup", { as: user, body: { password: user.password } });
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
  return t.api("totpEnable", { as: user, body: { code } });
}

/**
 * Runs `meanwhile` once, right after the server next reads `userId`'s balance (the withdrawal's pre-check): the
 * interleaving of a request placed in parallel, made certain. Everything else runs for real.
 */
function afterNextBalanceRead(userId: number, meanwhile: () => Promise<void>) {
  const { ledger } = t.app.services;
  const read = ledger.balance;
  ledger.balance = async function (this: typeof ledger, account) {
    const seen = await read.call(this, account);
    if (account.userId === userId) {
      Reflect.deleteProperty(ledger, "balance");
      await meanwhile();
    }
    return seen;
  };
}

type WithdrawInput = BodyOf<Calls["requestWithdrawal"]>;

const withdraw = (user: SignedUpUser, body: WithdrawInput) => t.send("requestWithdrawal", { as: user, body });

describe("withdrawals", () => {
  it("shows networks with fee and limits before confirming", async () => {
    const user = await signUp(t);
    const info = await t.send("getWithdrawalOptions", { as: user, body: { currency: "USDT" } });
    expect(info.body).toMatchObject({
      code: 1,
      data: { requires_real_name: false, real_name_status: "none" },
    });
    const items = info.body.data!.items;
    expect(items).toContainEqual({
      currency: "USDT",
      network: "TRC20",
      fee: "1",
      min_amount: "10",
      max_amount: "100000",
      decimals: 2,
    });
    expect(items.every((i) => i.currency === "USDT")).toBe(true);
  });

  it("freezes amount + fee with the emailed code; the operator rejects and the balance comes back", async () => {
    const user = await fundedUser("100");
    const code = await emailedCode(t, user.email, "withdraw");
    const wrong = await withdraw(user, {
      currency: "USDT",
      network: "TRC20",
      address: TRON,
      amount: "20",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body.code).toBe(0);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });

    // A wrong guess does not kill the code (up to the accounts module's limit).
    const res = await withdraw(user, { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code });
    expect(res.body).toMatchObject({
      code: 1,
      data: { currency: "USDT", network: "TRC20", address: TRON, amount: "20", fee: "1", status: "pending" },
    });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "79", frozen: "21" });
    // The code works once.
    const again = await withdraw(user, { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code });
    expect(again.body.code).toBe(0);

    const id = res.body.data!.id;
    const noReason = await t.send("adminWithdrawReview", { as: op, body: { id, action: "reject" } });
    expect(noReason.body.code).toBe(0);
    const rejected = await t.send("adminWithdrawReview", {
      as: op,
      body: { id, action: "reject", reason: "Address is on a sanctions list" },
    });
    expect(rejected.body.data).toMatchObject({ id, status: "rejected", reason: "Address is on a sanctions list" });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });
    const twice = await t.send("adminWithdrawReview", { as: op, body: { id, action: "complete" } });
    expect(twice.body.code).toBe(0);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "100", frozen: "0" });

    const mine = await t.send("listWithdrawals", { as: user, query: { page: 1, list: 10 } });
    expect(mine.body.data).toMatchObject({ total: 1, items: [{ id, status: "rejected" }] });
    const bills = await t.send("listBills", {
      as: user,
      query: { page: 1, list: 10, type: "withdraw_reject" },
    });
    expect(bills.body.data!.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: "available", amount: "21" }),
        expect.objectContaining({ account: "frozen", amount: "-21" }),
      ]),
    );
  });

  it("on completion the frozen amount leaves: amount to withdrawal clearing, fee to fees; the user is told", async () => {
    const user = await fundedUser("50");
    const code = await emailedCode(t, user.email, "withdraw");
    const res = await withdraw(user, { currency: "USDT", network: "TRC20", address: TRON, amount: "30", code });
    const id = res.body.data!.id;
    const before = await t.api("adminLedgerHealth", { as: op });
    const done = await t.send("adminWithdrawReview", { as: op, body: { id, action: "complete" } });
    expect(done.body.data).toMatchObject({ status: "completed", reviewed_by: expect.any(Number) });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "19", frozen: "0" });
    const after = await t.api("adminLedgerHealth", { as: op });
    const total = (h: DataOf<Calls["adminLedgerHealth"]>, owner: string) =>
      Number(h.totals.find((x) => x.currency === "USDT" && x.owner === owner)?.total ?? "0");
    expect(total(after, "withdrawal_clearing") - total(before, "withdrawal_clearing")).toBe(30);
    expect(total(after, "fees") - total(before, "fees")).toBe(1);
    const list = await t.send("listMessages", {
      as: user,
      query: { cid: 3, page: 1, list: 1 },
    });
    expect(list.body.data!.items[0]?.title).toBe("Withdrawal completed");
    const queue = await t.send("adminWithdrawList", {
      as: op,
      body: { status: "completed", uid: user.userId },
    });
    expect(queue.body.data).toMatchObject({ total: 1, items: [{ id, user_id: user.userId }] });
  });

  it("gives back the right codes of a request that an order placed meanwhile left short of money", async () => {
    const user = await fundedUser("150");
    const { recovery_codes } = await enrolTotp(user);
    const recovery = recovery_codes[0]!;
    const code = await emailedCode(t, user.email, "withdraw");
    const request = (amount: string) =>
      withdraw(user, { currency: "USDT", network: "TRC20", address: TRON, amount, code, totp: recovery });
    const product = (await t.app.services.staking.products("en")).find((p) => p.currency === "USDT" && p.days === 7)!;
    // 60 + 1 fee passes the pre-check against 150; then a subscription of 100 lands before the write, leaving 50.
    afterNextBalanceRead(user.userId, async () => {
      const staked = await t.send("subscribeStaking", { as: user, body: { eid: product.id, money: "100" } });
      expect(staked.body.code, staked.body.msg).toBe(1);
    });
    expect((await request("60")).body).toMatchObject({ code: 0, msg: "Insufficient USDT balance" });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "50", frozen: "0" });

    // Nothing was withdrawn, so neither the emailed code nor the recovery code was used up.
    expect((await request("40")).body).toMatchObject({ code: 1, data: { amount: "40", status: "pending" } });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "9", frozen: "41" });
  });

  it("checks address format, decimals, limits and balance before asking for the code", async () => {
    const user = await fundedUser("40");
    const base: WithdrawInput = { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code: "123456" };
    const cases: [Partial<WithdrawInput>, string][] = [
      [{ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }, "This is not a valid TRC20 address"],
      [{ network: "ERC20", address: TRON }, "This is not a valid ERC20 address"],
      [
        { network: "ERC20", address: "0x000000000000000000000000000000000000dEAD" },
        "This is not a valid ERC20 address",
      ],
      [
        { currency: "BTC", network: "Bitcoin", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", amount: "0.01" },
        "This is not a valid Bitcoin address",
      ],
      [{ amount: "20.001" }, "USDT amounts take at most 2 decimal places"],
      [{ amount: "5" }, "The minimum withdrawal is 10.00 USDT"],
      [{ amount: "100001" }, "The maximum withdrawal is 100,000.00 USDT"],
      [{ amount: "39.5" }, "Insufficient USDT balance"],
      [
        { network: "Polygon", address: "0x000000000000000000000000000000000000dEaD" },
        "USDT cannot be withdrawn on Polygon",
      ],
    ];
    for (const [change, msg] of cases) {
      const res = await withdraw(user, { ...base, ...change });
      expect({ change, msg: res.body.msg, code: res.body.code }).toEqual({ change, msg, code: 0 });
    }
    // Raw: a network the contract does not know.
    const network = await t.call(calls.requestWithdrawal.path, {
      headers: user.headers,
      body: { ...base, network: "Solana" },
    });
    expect(network.body.code).toBe(0);
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "40", frozen: "0" });
  });

  it("requires real-name verification when the operator says so", async () => {
    const user = await fundedUser("40");
    const on = await t.send("adminFundsSettings", { as: op, body: { withdraw_requires_real_name: true } });
    expect(on.body.data).toMatchObject({ withdraw_requires_real_name: true, exchange_fee_rate: "0.001" });
    try {
      const info = await t.send("getWithdrawalOptions", { as: user, body: {} });
      expect(info.body.data).toMatchObject({ requires_real_name: true, real_name_status: "none" });
      const code = await emailedCode(t, user.email, "withdraw");
      const res = await withdraw(user, { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code });
      expect(res.body).toMatchObject({ code: 0, msg: "Please complete real-name verification before withdrawing" });
    } finally {
      await t.send("adminFundsSettings", { as: op, body: { withdraw_requires_real_name: false } });
    }
    const audit = await t.send("adminAuditList", { as: op, body: { action: "funds.settings" } });
    expect(audit.body.data!.total).toBe(2);
  });

  it("lets operators change a network's fee and limits, which the next request uses", async () => {
    const saved = await t.send("adminWithdrawNetworksSave", {
      as: op,
      body: { currency: "USDT", network: "ERC20", fee: "3.5", min_amount: "15", max_amount: "5000" },
    });
    expect(saved.body).toMatchObject({ code: 1, data: { fee: "3.5", min_amount: "15", max_amount: "5000" } });
    const bad = await t.send("adminWithdrawNetworksSave", {
      as: op,
      body: { currency: "USDT", network: "ERC20", fee: "0.001", min_amount: "15", max_amount: "5000" },
    });
    expect(bad.body).toMatchObject({ code: 0, msg: "USDT amounts take at most 2 decimal places" });
    const user = await fundedUser("100", [{ network: "ERC20", address: "0x000000000000000000000000000000000000dEaD" }]);
    const code = await emailedCode(t, user.email, "withdraw");
    const res = await withdraw(user, {
      currency: "USDT",
      network: "ERC20",
      address: "0x000000000000000000000000000000000000dEaD",
      amount: "20",
      code,
    });
    expect(res.body.data).toMatchObject({ fee: "3.5" });
    expect(await balanceOf(t, user, "USDT")).toEqual({ available: "76.5", frozen: "23.5" });
    const list = await t.send("adminWithdrawNetworksList", { as: op });
    expect(list.body.data!.items).toContainEqual(
      expect.objectContaining({ currency: "USDT", network: "ERC20", fee: "3.5" }),
    );
  });
});
