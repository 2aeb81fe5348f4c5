import { randomUUID } from "node:crypto";
import type { Database } from "../src/db/client";
import { users } from "../src/db/schema";
import type { LedgerService } from "../src/modules/ledger/service";

/** A bare user row, for service-level tests that do not go through sign-up. */
export async function insertUser(database: Database, email = `user-${randomUUID()}@example.com`): Promise<number> {
  const [row] = await database.db.insert(users).values({ email }).returning({ id: users.id });
  return row!.id;
}

/** Credits a user as a completed deposit does: deposit clearing -> user available, one balanced entry. */
export async function fundUser(ledger: LedgerService, userId: number, amount: string, currency = "USDT") {
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      type: "deposit",
      idempotencyKey: `test-fund:${randomUUID()}`,
      postings: [
        { account: { userId, currency, kind: "available" }, amount },
        { account: { system: "deposit_clearing", currency }, amount: `-${amount}` },
      ],
    }),
  );
}
