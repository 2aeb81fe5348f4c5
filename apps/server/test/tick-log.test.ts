import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type Calls, calls, type DataOf, type QueryOf, TICK_CHAIN_START } from "@cryptos/contract";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../src/lib/clock";
import { createServices, type Services } from "../src/modules/services";
import { fundUser } from "./fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

const DAY = 86_400_000;
const start = Date.UTC(2026, 2, 2, 12, 0, 0);
const clock = new ManualClock(start);
const verifier = fileURLToPath(new URL("../../../scripts/verify.mjs", import.meta.url));
let t: TestApp;
let s: Services;
let url: string;
let pairs: { btc: number; eth: number };

type Tick = DataOf<Calls["listTicks"]>["items"][number];
type Order = DataOf<Calls["getUpDownOrder"]>;
/** The log's time bounds, as the ticks call takes them. */
type Range = Pick<QueryOf<Calls["listTicks"]>, "from" | "to">;

beforeAll(async () => {
  t = await startTestApp({ clock });
  s = t.app.services;
  const listed = await s.market.listPairs(1);
  pairs = {
    btc: listed.find((p) => p.symbol === "BTC/USDT")!.id,
    eth: listed.find((p) => p.symbol === "ETH/USDT")!.id,
  };
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  await t?.close();
});

const hashOf = (productid: number, x: Tick) =>
  createHash("sha256").update(`${x.prev_hash}\n${productid}\n${x.id}\n${x.price}\n${x.at}`).digest("hex");

async function ticksOf(productid: number, range: Range = {}): Promise<Tick[]> {
  const items: Tick[] = [];
  for (let page = 1; ; page++) {
    const res = await t.send("listTicks", { query: { productid, page, list: 100, ...range } });
    expect(res.body.code).toBe(1);
    const data = res.body.data!;
    items.push(...data.items);
    if (items.length >= data.total) return items;
  }
}

/** The user's order as the log alone says it should have ended (docs/design/updown.md's rule, written out again). */
function derive(order: Order, log: Tick[], decimals: number) {
  const inside = log.filter(
    (x) => Date.parse(x.at) > Date.parse(order.accepted_at) && Date.parse(x.at) <= Date.parse(order.settle_at),
  );
  const entry = inside[0];
  const exit = inside.at(-1);
  const cmp = entry && exit ? new Decimal(exit.price).comparedTo(entry.price) : 0;
  const result = cmp === 0 ? "tie" : (order.direction === "up") === cmp > 0 ? "win" : "lose";
  const payout =
    result === "lose"
      ? "0"
      : result === "tie"
        ? order.amount
        : new Decimal(order.amount)
            .times(new Decimal(1).plus(order.payout_rate))
            .toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
            .toFixed();
  return { entry: entry?.id ?? null, exit: exit?.id ?? null, result, payout };
}

function runVerifier(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [verifier, "--url", url, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
      resolve({ code, out: stdout + stderr });
    });
  });
}

const record = (pairId: number, price: string, offsetMs: number) =>
  s.market.recordQuotes([{ pairId, price }], new Date(clock.now().getTime() + offsetMs));

async function fundedUser() {
  const user = await signUp(t);
  await fundUser(s.ledger, user.userId, "1000");
  return user;
}

async function place(user: SignedUpUser, productid: number, direction: "up" | "down", seconds: number, amount: string) {
  const res = await t.send("placeUpDownOrder", {
    body: { productid, direction, amount, seconds },
    as: user,
  });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data!.id;
}

async function orderOf(user: SignedUpUser, id: number) {
  const res = await t.send("getUpDownOrder", { body: { id }, as: user });
  return res.body.data!;
}

/** Walks both pairs a tick a second for `seconds`, with prices that go both ways and sometimes repeat. */
async function walk(seconds: number, seed: number) {
  for (let i = 1; i <= seconds; i++) {
    const step = ((i * 7 + seed) % 5) - 2;
    await s.market.recordQuotes(
      [
        { pairId: pairs.btc, price: new Decimal(97_000).plus(step * 0.5).toFixed(2) },
        { pairId: pairs.eth, price: new Decimal(3_400).plus(step * 0.25).toFixed(2) },
      ],
      new Date(clock.now().getTime() + i * 1000),
    );
  }
  clock.advance(seconds * 1000 + 1500);
}

let oldOrderFile = "";
let users: { user: SignedUpUser; orders: number[] }[] = [];

describe("the public tick log", () => {
  it("settles an order on day one, then nine days pass", async () => {
    const user = await fundedUser();
    await record(pairs.btc, "97000", -200);
    const id = await place(user, pairs.btc, "up", 30, "10");
    await walk(35, 1);
    expect(await s.updown.settleDue()).toBeGreaterThan(0);
    const old = await orderOf(user, id);
    expect(old.status).toBe("settled");
    oldOrderFile = join(tmpdir(), `tick-log-old-order-${process.pid}.json`);
    writeFileSync(oldOrderFile, JSON.stringify([old]));
    clock.set(start + 9 * DAY);
  });

  it("lists a pair's ticks oldest first, each hashed and linked to the one before, from 64 zeros", async () => {
    await record(pairs.btc, "97000.10", 0);
    const log = await ticksOf(pairs.btc);
    expect(log.length).toBeGreaterThan(30);
    expect(log[0]!.prev_hash).toBe(TICK_CHAIN_START);
    for (const [i, x] of log.entries()) {
      expect(x.hash).toBe(hashOf(pairs.btc, x));
      expect(x.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      if (i > 0) expect(x.prev_hash).toBe(log[i - 1]!.hash);
    }
    // The decimal as recorded, without the column's trailing zeros.
    expect(log.at(-1)!.price).toBe("97000.1");
    const head = await t.api("listTickHeads");
    const btcHead = head.items.find((h) => h.productid === pairs.btc);
    expect(btcHead).toMatchObject({ id: log.at(-1)!.id, hash: log.at(-1)!.hash });
  });

  it("bounds the log by from/to and refuses bad ranges with code 0", async () => {
    const all = await ticksOf(pairs.btc);
    const from = all[5]!.at;
    const to = all[9]!.at;
    expect((await ticksOf(pairs.btc, { from, to })).map((x) => x.id)).toEqual(all.slice(5, 10).map((x) => x.id));
    const bad: Range[] = [{ from: "yesterday" }, { from: to, to: from }, { to: "2026-13-45T00:00:00Z" }];
    for (const query of bad) {
      const res = await t.send("listTicks", { query: { productid: pairs.btc, ...query } });
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toMatch(/from|to/);
    }
    // Raw: without the productid the contract requires.
    const missing = await t.call(calls.listTicks.path, { method: "GET", query: {} });
    expect(missing.body).toMatchObject({ code: 0 });
  });

  it("stores microsecond times at milliseconds, so the hash and the printed time agree", async () => {
    await t.database.db.execute(
      sql`insert into ticks (pair_id, price, at) values (${pairs.eth}, 3400.123456789, ${new Date(clock.now().getTime() + 100).toISOString().replace("Z", "987+00")}::timestamptz)`,
    );
    const last = (await ticksOf(pairs.eth)).at(-1)!;
    expect(last.at).toMatch(/\.\d{3}Z$/);
    expect(last.price).toBe("3400.123456789");
    expect(last.hash).toBe(hashOf(pairs.eth, last));
  });

  it("keeps the chain whole when two instances record the same pair at once", async () => {
    const other = createServices(t.database, clock);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? s : other).market.recordQuotes([{ pairId: pairs.eth, price: `3401.${i + 1}` }], clock.now()),
      ),
    );
    other.market.close();
    const log = await ticksOf(pairs.eth);
    for (const [i, x] of log.entries()) if (i > 0) expect(x.prev_hash).toBe(log[i - 1]!.hash);
  });

  it("refuses to change or delete a tick, whoever asks", async () => {
    await expect(
      t.database.db.execute(sql`update ticks set price = price + 1 where pair_id = ${pairs.btc}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ticks where pair_id = ${pairs.btc}`)).rejects.toThrow();
  });

  it("re-derives every settled order of several users on several pairs and terms from the log alone", async () => {
    clock.advance(10_000);
    users = [];
    for (let u = 0; u < 3; u++) users.push({ user: await fundedUser(), orders: [] });
    await s.market.recordQuotes(
      [
        { pairId: pairs.btc, price: "97000" },
        { pairId: pairs.eth, price: "3400" },
      ],
      new Date(clock.now().getTime() - 100),
    );
    const plan = [
      [pairs.btc, "up", 30],
      [pairs.btc, "down", 60],
      [pairs.eth, "down", 30],
      [pairs.eth, "up", 60],
    ] as const;
    for (const [u, entry] of users.entries()) {
      for (const [productid, direction, seconds] of plan) {
        entry.orders.push(await place(entry.user, productid, direction, seconds, `${10 + u}.5`));
      }
    }
    await walk(65, 3);
    while ((await s.updown.settleDue()) > 0);
    const { decimals } = await s.ledger.currency("USDT");
    const results = new Set<string>();
    for (const { user, orders } of users) {
      for (const id of orders) {
        const order = await orderOf(user, id);
        expect(order.status).toBe("settled");
        const log = await ticksOf(order.productid, { from: order.accepted_at, to: order.settle_at });
        const derived = derive(order, log, decimals);
        expect({
          entry: order.entry?.id ?? null,
          exit: order.exit?.id ?? null,
          result: order.result,
          payout: order.payout,
        }).toEqual(derived);
        results.add(derived.result);
      }
    }
    expect(results.size).toBeGreaterThan(1);
  });

  it("the verifier agrees with the server: every chain, order and balance checks out", async () => {
    for (const { user } of users) {
      const run = await runVerifier([`--token=${user.token}`]);
      expect(run.out).toContain("All checks passed");
      expect(run.code).toBe(0);
      expect(run.out.match(/ OK$/gm)?.length).toBeGreaterThanOrEqual(4);
    }
  });

  it("archives each pair's old days before pruning, and the verifier checks an old order against the archive", async () => {
    expect(await s.tickLog.archiveDaysBeforeRetention(7)).toBeGreaterThanOrEqual(2);
    expect(await s.market.retention.pruneTicks(7)).toBeGreaterThan(0);
    const [archive] = (await t.api("listTickArchives", { query: { productid: pairs.btc } })).items;
    expect(archive).toMatchObject({ day: "2026-03-02", prev_chain: TICK_CHAIN_START });
    const file = await t.app.inject({ method: "GET", url: archive!.url });
    expect(createHash("sha256").update(file.rawPayload).digest("hex")).toBe(archive!.sha256);
    const lines = gunzipSync(file.rawPayload).toString().trim().split("\n");
    expect(lines[0]).toBe("id,price,at,prev_hash,hash");
    expect(lines.length - 1).toBe(archive!.ticks);
    // The raw ticks of that day are gone except the ones the order rests on, yet the verifier still proves it.
    const run = await runVerifier(["--orders", oldOrderFile]);
    expect(run.out).toContain("archive 2026-03-02");
    expect(run.code).toBe(0);
    // A late tick dated in an archived day would escape its archive: refused.
    await expect(record(pairs.btc, "1", -9 * DAY)).rejects.toThrow();
  });

  it("the verifier reports a tick changed behind the trigger's back", async () => {
    const { user, orders } = users[0]!;
    const order = await orderOf(user, orders[0]!);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ticks disable trigger ticks_append_only`);
      await tx.execute(sql`update ticks set price = price + 5 where id = ${order.exit!.id}`);
      await tx.execute(sql`alter table ticks enable trigger ticks_append_only`);
    });
    const run = await runVerifier([`--token=${user.token}`]);
    expect(run.code).toBe(1);
    expect(run.out).toContain(`tick ${order.exit!.id}: its hash does not match its content`);
    expect(run.out).toContain("MISMATCH");
  });
});
