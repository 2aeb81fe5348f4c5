import { type BodyOf, type Calls, calls } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import type { Services } from "../src/modules/services";
import { ORDERS_PER_MINUTE } from "../src/modules/updown/routes";
import { fundedUser as fundedUserOf } from "./factories/user";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

const clock = new ManualClock(Date.UTC(2026, 2, 2, 12, 0, 0));
let t: TestApp;
let s: Services;
let btc: number;

beforeAll(async () => {
  t = await startTestApp({ clock });
  s = t.app.services;
  btc = (await s.market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
});
afterEach(async () => {
  expect(await s.ledger.health()).toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
});

const at = (ms: number) => new Date(clock.now().getTime() + ms);
const tick = (price: string, offsetMs = 0) => s.market.recordQuotes([{ pairId: btc, price }], at(offsetMs));
const available = (userId: number) => s.ledger.balance({ userId, currency: "USDT", kind: "available" });

const fundedUser = (amount = "1000") => fundedUserOf(t, amount);

/** Places an order; `body` may be invalid on purpose (the refusal cases), hence untyped. */
async function place(user: SignedUpUser, body: Record<string, unknown>) {
  const order = { productid: btc, seconds: 30, ...body } as BodyOf<Calls["placeUpDownOrder"]>;
  return t.send("placeUpDownOrder", { body: order, as: user });
}

async function order(user: SignedUpUser, id: number) {
  return (await t.send("getUpDownOrder", { body: { id }, as: user })).body;
}

describe("up/down orders", () => {
  it("shows the terms of every pair before anyone orders", async () => {
    const res = await t.send("listUpDownSettings");
    expect(res.body.code).toBe(1);
    const items = res.body.data!.items;
    const terms = items.find((i) => i.productid === btc)!.terms;
    expect(terms.map((x) => x.seconds)).toEqual([30, 60, 120, 300]);
    expect(terms[0]!.payout_rate).toBe("0.75");
  });

  it("settles a winning up order from the first tick after acceptance to the last tick at settle time", async () => {
    const user = await fundedUser();
    await tick("100", -500);
    const placed = await place(user, { direction: "up", amount: "100" });
    expect(placed.body.code).toBe(1);
    const id = placed.body.data!.id;
    expect(placed.body.data).toMatchObject({ status: "awaiting_entry", entry: null, payout_rate: "0.75" });
    expect(await available(user.userId)).toBe("900");

    await tick("101", 400); // entry: the first tick after acceptance
    await tick("150", 10_000);
    await tick("110", 30_000); // exit: the last tick at or before settle time
    await tick("90", 30_500); // after settle time: not part of the order
    expect((await order(user, id)).data).toMatchObject({ status: "trading", entry: { price: "101" }, exit: null });

    clock.advance(30_500);
    expect(await s.updown.settleDue()).toBe(0); // still inside the grace second
    clock.advance(1_000);
    expect(await s.updown.settleDue()).toBe(1);
    const settled = (await order(user, id)).data;
    expect(settled).toMatchObject({
      status: "settled",
      result: "win",
      entry: { price: "101" },
      exit: { price: "110" },
      payout: "175",
      profit: "75",
    });
    expect(await available(user.userId)).toBe("1075");
    expect(await s.updown.settleDue()).toBe(0); // exactly once
    expect(await available(user.userId)).toBe("1075");

    const bills = await s.ledger.bills(user.userId, 1, 10, {});
    expect(bills.items.map((b) => b.type)).toEqual(expect.arrayContaining(["updown_stake", "updown_payout"]));
    const ticks = await t.send("getUpDownOrderTicks", { body: { id }, as: user });
    expect(ticks.body.data!.items.map((x) => x.price)).toEqual(["101", "150", "110"]);
  });

  it("keeps the amount of a losing order and refunds a tie", async () => {
    const user = await fundedUser("500");
    await tick("200", -200);
    const down = (await place(user, { direction: "down", amount: "100", seconds: 60 })).body.data!;
    const tie = (await place(user, { direction: "up", amount: "50", seconds: 60 })).body.data!;
    await tick("200", 300);
    await tick("201", 59_000);
    clock.advance(61_500);
    expect(await s.updown.settleDue()).toBe(2);
    expect((await order(user, down.id)).data).toMatchObject({ result: "lose", payout: "0", profit: "-100" });
    // the up order saw 200 → 201 as well: a win. The tie comes from a flat window:
    expect((await order(user, tie.id)).data!.result).toBe("win");

    await tick("300", -100);
    const flat = (await place(user, { direction: "down", amount: "10" })).body.data!;
    await tick("300", 200);
    await tick("300", 29_000);
    clock.advance(31_500);
    await s.updown.settleDue();
    expect((await order(user, flat.id)).data).toMatchObject({ result: "tie", payout: "10", profit: "0" });
    // 500 - 100 (lost) - 50 + 90 (won at 0.80 for 60 s) - 10 + 10 (tie)
    expect(await available(user.userId)).toBe("440");
  });

  it("refunds an order when no tick was recorded inside its window", async () => {
    const user = await fundedUser("100");
    await tick("100", -100);
    const placed = (await place(user, { direction: "up", amount: "20" })).body.data!;
    clock.advance(40_000);
    await s.updown.settleDue();
    expect((await order(user, placed.id)).data).toMatchObject({ result: "tie", entry: null, exit: null, payout: "20" });
    expect(await available(user.userId)).toBe("100");
  });

  it("refuses bad orders with a message that names the problem, and changes nothing", async () => {
    const user = await fundedUser("100");
    await tick("100", -100);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ direction: "up", amount: "100", seconds: 45 }, /30s, 60s, 120s, 300s/],
      [{ direction: "up", amount: "5" }, /between 10.00 and 10,000.00 USDT/],
      [{ direction: "up", amount: "500" }, /balance|insufficient/i],
      [{ direction: "sideways", amount: "20" }, /direction/],
      [{ direction: "up", amount: "abc" }, /amount/],
    ];
    for (const [body, msg] of cases) {
      const res = await place(user, body);
      expect(res.body.code, JSON.stringify(body)).toBe(0);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await available(user.userId)).toBe("100");
    const list = await t.send("listUpDownOrders", { query: { page: "1", list: "10" }, as: user });
    expect(list.body, JSON.stringify(list.body)).toMatchObject({ code: 1, data: { total: 0 } });
  });

  it("refuses only the bad orders among many that arrive together", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => fundedUser("100")));
    await tick("100", -100);
    const bodies: Record<string, unknown>[] = [
      { direction: "up", amount: "20" },
      { direction: "down", amount: "20", seconds: 45 },
      { direction: "down", amount: "30", seconds: 60 },
      { direction: "up", amount: "5" },
      { direction: "up", amount: "500" },
      { direction: "down", amount: "40", seconds: 300 },
    ];
    const results = await Promise.all(users.map((user, i) => place(user, bodies[i]!)));
    expect(results.map((r) => r.body.code)).toEqual([1, 0, 1, 0, 0, 1]);
    expect(results[1]!.body.msg).toMatch(/30s, 60s, 120s, 300s/);
    expect(results[3]!.body.msg).toMatch(/between 10.00 and 10,000.00 USDT/);
    expect(results[4]!.body.msg).toMatch(/balance|insufficient/i);
    expect(await Promise.all(users.map((u) => available(u.userId)))).toEqual(["80", "100", "70", "100", "100", "60"]);
    const placed = results[2]!.body.data!;
    expect(placed.payout_rate).toBe("0.8");
  });

  it("refuses an order on a stale price", async () => {
    const user = await fundedUser("100");
    await tick("100", -100);
    clock.advance(10_000);
    const res = await place(user, { direction: "up", amount: "20" });
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.msg).toMatch(/recent price/);
  });

  it("never shows or settles one user's order to another, and needs a session", async () => {
    const owner = await fundedUser("100");
    const other = await fundedUser("100");
    await tick("100", -100);
    const placed = (await place(owner, { direction: "up", amount: "20" })).body.data!;
    expect((await order(other, placed.id)).code).toBe(0);
    const anonymous = await t.send("getUpDownOrder", { body: { id: placed.id } });
    expect(anonymous.status).toBe(401);
    const list = await t.send("listUpDownOrders", { query: { page: "1", list: "10" }, as: other });
    expect(list.body, JSON.stringify(list.body)).toMatchObject({ code: 1, data: { total: 0 } });
  });

  it("never lets concurrent orders spend more than the balance", async () => {
    const user = await fundedUser("1000");
    await tick("100", -100);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => place(user, { direction: "up", amount: "200" })),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(5);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await available(user.userId)).toBe("0");
  });

  it("lists my orders by status, newest first, with paging", async () => {
    const user = await fundedUser("1000");
    await tick("100", -100);
    for (let i = 0; i < 3; i++) await place(user, { direction: "up", amount: "10" });
    const page = await t.send("listUpDownOrders", {
      query: { page: "1", list: "2" },
      body: { status: "awaiting_entry" },
      as: user,
    });
    expect(page.body.data).toMatchObject({ page: 1, list: 2 });
    const items = page.body.data!.items;
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
  });

  it("makes a settled order final in the database itself", async () => {
    const user = await fundedUser("100");
    await tick("100", -100);
    const placed = (await place(user, { direction: "up", amount: "20" })).body.data!;
    clock.advance(40_000);
    await s.updown.settleDue();
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "accepted",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(t.database.db.execute(sql`update updown_orders set payout = 1000 where id = ${placed.id}`)),
    ).toMatch(/final once settled/);
    expect(await refusal(t.database.db.execute(sql`delete from updown_orders where id = ${placed.id}`))).toMatch(
      /final once settled/,
    );
  });

  it("gives operators no call that edits an order or a tick", () => {
    const operatorPaths = Object.values(calls)
      .filter((c) => c.auth === "operator")
      .map((c) => c.path);
    // The only operator call about orders reads them; terms apply to future orders and name no order or tick.
    expect(operatorPaths.filter((p) => /order|tick|miao/i.test(p))).toEqual(["/api/admin/users/orders"]);
    expect(Object.keys(calls.adminUpDownSave.body!.shape).sort()).toEqual(
      ["enabled", "max_amount", "min_amount", "productid", "terms"].sort(),
    );
  });
});

describe("up/down orders: placement rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ config: { perIpLimits: true } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("refuses a caller's orders past the limit with 429, and leaves another caller alone", async () => {
    const [busy, other] = [await signUp(limited), await signUp(limited)];
    // Bodies that fail validation still count: the limit comes before anything else.
    const place = (user: SignedUpUser) =>
      limited.call(calls.placeUpDownOrder.path, {
        headers: user.headers,
        body: { productid: 1, direction: "sideways" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < ORDERS_PER_MINUTE; i++) statuses.push((await place(busy)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await place(busy);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(0);
    expect((await place(other)).status).toBe(200);
  });
});
