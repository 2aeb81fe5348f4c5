import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { depositChannels, deposits, withdrawals, withdrawNetworks } from "../../db/schema/funds";

type Conn = Db | Tx;

/* The funds' rows the chain module changes and counts through `OnChainFunds` (on-chain.ts), in its transactions. */

// Channels and withdraw networks of the networks with a node

/**
 * The channel of a currency on an on-chain network: enabled, not demo, and no shared address (each user gets
 * their own); a seeded demo channel of it is replaced.
 */
export async function claimChannel(db: Conn, currency: string, network: string, address: string) {
  await db
    .insert(depositChannels)
    .values({ currency, network, address, enabled: true, demo: false })
    .onConflictDoUpdate({
      target: [depositChannels.currency, depositChannels.network],
      set: { address, enabled: true, demo: false },
    });
}

/**
 * A currency with an on-chain network takes no demo deposits any more: a burn address beside a real one invites a
 * user to send real money to it. The operator may enable such a channel again in the console.
 */
export async function disableDemoChannels(db: Conn, currency: string) {
  await db
    .update(depositChannels)
    .set({ enabled: false })
    .where(and(eq(depositChannels.currency, currency), eq(depositChannels.demo, true)));
}

/** A currency no longer on chain on `network`: its claimed channel (no address of its own) is turned off. */
export const disableChannel = (db: Conn, currency: string, network: string) =>
  db
    .update(depositChannels)
    .set({ enabled: false })
    .where(and(eq(depositChannels.currency, currency), eq(depositChannels.network, network)));

/**
 * The networks file sets a currency's withdrawal fee on its network (what the hot wallet's sends cost the exchange);
 * a network the seed did not list is added with the file's minimum deposit as its minimum, which the console edits.
 */
export async function applyWithdrawFee(db: Conn, currency: string, network: string, fee: string, minAmount: string) {
  await db
    .insert(withdrawNetworks)
    .values({ currency, network, fee, minAmount, maxAmount: "1000000", enabled: true })
    .onConflictDoUpdate({ target: [withdrawNetworks.currency, withdrawNetworks.network], set: { fee, enabled: true } });
}

// Deposit rows (the Recharge log's face of a chain deposit)

export const setDepositStatus = (db: Conn, id: number, status: string, at: Date | null) =>
  db.update(deposits).set({ status, reviewedAt: at, reason: null }).where(eq(deposits.id, id));

// Withdrawals the chain sends

/** Withdrawals on `network` (of `currency`, when given) still waiting for review or being sent. */
export async function countUnfinishedWithdrawals(db: Conn, network: string, currency?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.network, network),
        inArray(withdrawals.status, ["pending", "sending"]),
        currency === undefined ? undefined : eq(withdrawals.currency, currency),
      ),
    );
  return row?.n ?? 0;
}

/** The sum of the amounts of withdrawals `ids` (of those not failed, with `skipFailed`); "0" for none. */
export async function sumWithdrawals(db: Conn, ids: number[], skipFailed: boolean): Promise<string> {
  if (!ids.length) return "0";
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(and(inArray(withdrawals.id, ids), skipFailed ? ne(withdrawals.status, "failed") : undefined));
  return String(row?.total ?? "0");
}
