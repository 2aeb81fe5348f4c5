import type { AddressInfo } from "node:net";
import { type BodyOf, type Calls, calls, MAX_ACTIVE_PRICE_ALERTS } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import type { Quote, SourcePair } from "../src/modules/market/sources/types";
import { PriceFeed } from "../src/workers/price-feed";
import { startTestApp, type TestApp } from "./helper";
import { LiveClient } from "./live-client";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Price alerts (decision 029): set on the side of the level the price is not on yet; the feed fires an alert when
 * a recorded batch reaches the level, exactly once, with a message and a `price_alerts` event over `/ws`.
 */

/** A price source that quotes what the test says, the way the simulated market and ccxt sources quote theirs. */
class ScriptedSource {
  readonly name = "scripted";
  readonly simulated = true;
  private next: Quote[] = [];
  quote(quotes: Quote[]) {
    this.next = quotes;
  }
  async start(_pairs: SourcePair[], _last: Map<number, string>) {}
  async poll(_now: Date) {
    return this.next;
  }
  async close() {}
}

const clock = new ManualClock(Date.now());
const source = new ScriptedSource();
const errors: object[] = [];
let t: TestApp;
let feed: PriceFeed;
let port: number;
let btc: number;
let eth: number;

/** One feed pass at `price` for BTC/USDT (and ETH/USDT when given), a second later than the last. */
async function tick(btcPrice: string, ethPrice?: string) {
  clock.advance(1000);
  source.quote([{ pairId: btc, price: btcPrice }, ...(ethPrice ? [{ pairId: eth, price: ethPrice }] : [])]);
  await feed.tick();
}

const addAlert = (user: SignedUpUser, body: BodyOf<Calls["priceAlertAdd"]>) =>
  t.send("priceAlertAdd", { as: user, body });

async function alerts(user: SignedUpUser, body: BodyOf<Calls["priceAlerts"]> = {}) {
  const res = await t.send("priceAlerts", { as: user, body });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!;
}

const alertMessages = async (userId: number) =>
  (
    (await t.database.db.execute(
      sql`select params from messages where user_id = ${userId} and template like '%price_alert%' order by id`,
    )) as unknown as { rows: { params: Record<string, string> }[] }
  ).rows.map((r) => r.params);

beforeAll(async () => {
  t = await startTestApp({ clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  const pairs = await t.app.services.market.listPairs(1);
  btc = pairs.find((p) => p.symbol === "BTC/USDT")!.id;
  eth = pairs.find((p) => p.symbol === "ETH/USDT")!.id;
  feed = new PriceFeed({
    market: t.app.services.market,
    alerts: t.app.services.priceAlerts,
    database: t.database,
    config: t.config,
    clock,
    log: { info() {}, warn() {}, error: (obj: object) => errors.push(obj) },
    source,
    historyDays: 0,
  });
  await tick("60000", "3000");
}, 120_000);

afterAll(async () => {
  await feed?.stop();
  await t?.close();
});

describe("price alerts", () => {
  it("refuses a level already reached, a bad price, an unknown pair and names the field", async () => {
    const user = await signUp(t);
    expect((await addAlert(user, { productid: btc, direction: "above", price: "59000" })).body).toEqual({
      code: 0,
      msg: "BTC/USDT is already at 60,000.00; set a level above it",
    });
    expect((await addAlert(user, { productid: btc, direction: "below", price: "60000" })).body.code).toBe(0);
    expect((await addAlert(user, { productid: btc, direction: "above", price: "60000.001" })).body.msg).toMatch(
      /at most 2 decimals/,
    );
    const bad = await addAlert(user, { productid: btc, direction: "above", price: "-5" });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(0);
    expect(bad.body.msg).toMatch(/price/);
    // Raw: a direction the contract does not have.
    const sideways = await t.call(calls.priceAlertAdd.path, {
      headers: user.headers,
      body: { productid: btc, direction: "sideways", price: "61000" },
    });
    expect(sideways.body.code).toBe(0);
    expect(sideways.body.msg).toMatch(/direction/);
    expect((await addAlert(user, { productid: 99_999, direction: "above", price: "1" })).body.code).toBe(0);
  });

  it("fires once when a batch crosses the level: a message, the alert marked triggered, and a live event", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const socket = await LiveClient.open(port);
    const otherSocket = await LiveClient.open(port);
    expect(await socket.auth(user.token)).toBe(true);
    expect(await otherSocket.auth(other.token)).toBe(true);

    const up = await addAlert(user, { productid: btc, direction: "above", price: "60500" });
    expect(up.body.code, up.body.msg).toBe(1);
    expect(up.body.data).toMatchObject({ symbol: "BTC/USDT", status: "active", level: "60500", direction: "above" });
    const down = await addAlert(user, { productid: btc, direction: "below", price: "59000" });
    expect(down.body.code, down.body.msg).toBe(1);
    const ethUp = await addAlert(user, { productid: eth, direction: "above", price: "3100" });
    expect(ethUp.body.code, ethUp.body.msg).toBe(1);

    // Moving without reaching a level fires nothing.
    await tick("60499.99", "3050");
    await tick("59000.01", "3099");
    expect((await alerts(user, { status: "triggered" })).total).toBe(0);
    expect(await alertMessages(user.userId)).toEqual([]);

    // Reaching the level exactly (at or above) is the crossing; then a second batch beyond it fires nothing more.
    await tick("60500");
    await socket.waitFor((r) => r.some((m) => m.type === "event" && m.topic === "price_alerts"));
    await tick("60800");
    const triggered = await alerts(user, { status: "triggered" });
    expect(triggered.items).toEqual([
      expect.objectContaining({ id: up.body.data!.id, status: "triggered", triggered_price: "60500" }),
    ]);
    expect(await alertMessages(user.userId)).toEqual([{ symbol: "BTC/USDT", level: "60500", price: "60500.00" }]);
    // The message reads in the user's language.
    const news = await t.send("listMessages", { as: user, headers: { lang: "de" }, query: { cid: 3 } });
    expect(news.body.data!.items[0]).toMatchObject({
      title: "Preisalarm: BTC/USDT",
    });
    // The other alerts stay active, and another user's socket heard nothing.
    expect((await alerts(user, { status: "active" })).total).toBe(2);
    await socket.settle();
    expect(socket.received.filter((m) => m.type === "event" && m.topic === "price_alerts")).toHaveLength(1);
    await otherSocket.settle();
    expect(otherSocket.received.filter((m) => m.type === "event")).toHaveLength(0);

    // Falling through the lower level fires that one.
    await tick("58999.5");
    expect((await alerts(user, { status: "triggered" })).total).toBe(2);
    expect((await alertMessages(user.userId)).at(-1)).toEqual({
      symbol: "BTC/USDT",
      level: "59000",
      price: "58999.50",
    });
    await tick("60000");
    socket.close();
    otherSocket.close();
    expect(errors).toEqual([]);
  });

  it("fires once when two instances check the same batch at the same time", async () => {
    const user = await signUp(t);
    expect((await addAlert(user, { productid: eth, direction: "below", price: "2900" })).body.code).toBe(1);
    const batch = [{ pairId: eth, price: "2899" }];
    const { priceAlerts } = t.app.services;
    const [a, b] = await Promise.all([priceAlerts.fireReached(batch), priceAlerts.fireReached(batch)]);
    expect(a.length + b.length).toBe(1);
    expect(await alertMessages(user.userId)).toHaveLength(1);
    expect((await priceAlerts.fireReached(batch)).length).toBe(0);
  });

  it("keeps at most 20 active alerts per user; deleting one or one firing makes room", async () => {
    const user = await signUp(t);
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_PRICE_ALERTS; i++) {
      const res = await addAlert(user, { productid: btc, direction: "above", price: String(70000 + i) });
      expect(res.body.code, res.body.msg).toBe(1);
      ids.push(res.body.data!.id);
    }
    const over = await addAlert(user, { productid: btc, direction: "above", price: "80000" });
    expect(over.body).toEqual({ code: 0, msg: "You can have at most 20 active price alerts; delete one first" });
    const listed = await t.send("priceAlerts", {
      as: user,
      query: { page: 2, list: 15 },
      body: {},
    });
    expect(listed.body.data).toMatchObject({ total: 20, page: 2, list: 15 });
    expect(listed.body.data!.items).toHaveLength(5);

    // Another user can neither see nor delete these.
    const mallory = await signUp(t);
    expect((await alerts(mallory)).total).toBe(0);
    const stolen = await t.send("priceAlertDelete", { as: mallory, body: { id: ids[0]! } });
    expect(stolen.body).toEqual({ code: 0, msg: "This price alert does not exist or is not yours" });

    const removed = await t.send("priceAlertDelete", { as: user, body: { id: ids[0]! } });
    expect(removed.body).toMatchObject({ code: 1, data: { id: ids[0]! } });
    expect((await addAlert(user, { productid: btc, direction: "above", price: "80000" })).body.code).toBe(1);
    expect((await alerts(user)).total).toBe(20);
  });
});
