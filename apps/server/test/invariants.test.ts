import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { journalEntries, ledgerAccounts, postings } from "../src/db/schema";
import { systemClock } from "../src/lib/clock";
import { LedgerService } from "../src/modules/ledger/service";
import { seedDatabase } from "../src/seed";
import { fundUser, insertUser } from "./fixtures";
import { openTestDatabase } from "./helper";
import { assertLedgerInvariants } from "./invariants";

/** The check every test file's teardown runs (helper.ts) must see a broken ledger, or it proves nothing. */

let database: Database;
let ledger: LedgerService;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database);
  ledger = new LedgerService(database.db, systemClock);
  userId = await insertUser(database);
  await fundUser(ledger, userId, "100", "USDT");
  await fundUser(ledger, userId, "1", "BTC");
});
afterAll(async () => {
  await database?.close();
});

const userAccount = async (currency: string) =>
  (
    await database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)))
  )[0]!;
const clearingAccount = async (currency: string) =>
  (
    await database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.systemKey, "deposit_clearing"), eq(ledgerAccounts.currency, currency)))
  )[0]!;

describe("money invariants check", () => {
  it("passes a ledger that only moved money through balanced entries", async () => {
    await expect(assertLedgerInvariants(database)).resolves.toBeUndefined();
  });

  it("fails on a user balance that differs from its postings", async () => {
    const usdt = await userAccount("USDT");
    await database.db.update(ledgerAccounts).set({ balance: "101" }).where(eq(ledgerAccounts.id, usdt.id));
    await expect(assertLedgerInvariants(database)).rejects.toThrow(/1 balances differing from their postings/);
    await database.db.update(ledgerAccounts).set({ balance: "100" }).where(eq(ledgerAccounts.id, usdt.id));
    await expect(assertLedgerInvariants(database)).resolves.toBeUndefined();
  });

  it("fails on an entry that balances overall but not per currency", async () => {
    // +1 USDT against -1 BTC sums to zero, and is still money made out of nothing.
    const [entry] = await database.db
      .insert(journalEntries)
      .values({ type: "adjustment", idempotencyKey: "invariants-test:cross-currency", createdAt: new Date() })
      .returning({ id: journalEntries.id });
    const usdt = await clearingAccount("USDT");
    const btc = await clearingAccount("BTC");
    const now = new Date();
    await database.db.insert(postings).values([
      { entryId: entry!.id, accountId: usdt.id, amount: "1", balanceAfter: "0", createdAt: now },
      { entryId: entry!.id, accountId: btc.id, amount: "-1", balanceAfter: "0", createdAt: now },
    ]);
    await expect(assertLedgerInvariants(database)).rejects.toThrow(/1 unbalanced entries/);
    await database.db.delete(postings).where(eq(postings.entryId, entry!.id));
    await database.db.delete(journalEntries).where(eq(journalEntries.id, entry!.id));
    await expect(assertLedgerInvariants(database)).resolves.toBeUndefined();
  });
});
