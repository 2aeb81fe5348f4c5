import type { Database } from "../src/db/client";
import { systemClock } from "../src/lib/clock";
import { LedgerService } from "../src/modules/ledger/service";

/**
 * The money invariants, checked with the ledger's own health check (the one the operator console shows): every
 * journal entry sums to zero per currency, every balance equals the sum of its postings, and no user account is
 * negative. Throws, naming what broke, so that the test file whose teardown calls it fails.
 */
export async function assertLedgerInvariants(database: Database, where = "the test database"): Promise<void> {
  const health = await new LedgerService(database.db, systemClock).health();
  if (health.ok) return;
  throw new Error(
    `money invariants broken in ${where}: ${health.unbalancedEntries} unbalanced entries, ` +
      `${health.mismatchedAccounts} balances differing from their postings, ` +
      `${health.negativeUserAccounts} negative user accounts`,
  );
}

/** `database` whose `close` first checks the money invariants (and closes it even when they are broken). */
export function checkedOnClose(database: Database, where?: string): Database {
  return {
    ...database,
    close: async () => {
      try {
        await assertLedgerInvariants(database, where);
      } finally {
        await database.close();
      }
    },
  };
}
