import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock";
import { ReservesService } from "../src/modules/reserves/service";
import { placeUpDownOrder } from "./factories/order";
import { fundedUser } from "./factories/user";
import { startTestApp, type TestApp, testDbKind } from "./helper";

/**
 * Issue 44 item 5: liabilities are read in one database snapshot. An order placed by another connection between the
 * ledger's read and the orders' read (its stake leaves `available` and becomes an open stake in one commit) must be
 * wholly out of the snapshot; read committed would count its stake twice. PostgreSQL only: PGlite is one
 * connection, so nothing can commit while the snapshot's transaction is open.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe.skipIf(testDbKind() !== "postgres")("the liabilities snapshot", () => {
  it("does not see an order that commits between its two reads", async () => {
    const s = t.app.services;
    const user = await fundedUser(t, "100");
    const btc = (await s.market.listPairs(1)).find((p) => p.symbol === "BTC/USDT")!.id;
    await s.market.recordQuotes([{ pairId: btc, price: "50000" }], new Date());
    let placed = false;
    const reserves = new ReservesService(t.database.db, systemClock, {
      ledger: {
        holdingsAt: async (tx) => {
          const read = await s.ledger.holdingsAt(tx);
          // Another request commits an order now, between this read and the open stakes' read.
          const answer = await placeUpDownOrder(t, user, { productid: btc, amount: "40", seconds: 300 });
          placed = answer.body.code === 1;
          return read;
        },
      },
      updown: s.updown,
      chain: s.chain,
      admin: s.admin,
    });
    const owed = await reserves.liabilities();
    expect(placed).toBe(true);
    expect(owed.get(user.userId)).toEqual({ USDT: "100.00" });
    // After it, the same 100: 60 available and the open stake of 40.
    expect((await reserves.liabilities()).get(user.userId)).toEqual({ USDT: "100.00" });
  });
});
