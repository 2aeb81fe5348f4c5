import type { Calls, DataOf } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";

type Bill = DataOf<Calls["listBills"]>["items"][number];

/** A posting on one account: money in (positive) or out (negative) of the user's accounts. */
export interface MovementLine {
  kind: "movement";
  key: string;
  bill: Bill;
}

/**
 * Money moved between two of the user's own accounts by one journal entry (available to frozen for a withdrawal,
 * available to staking custody): neither income nor spending, so it reads as "Available → Frozen 51.00 USDT".
 * `from` or `to` is missing when only one of the two postings is in view (the other is on the next page).
 */
export interface TransferLine {
  kind: "transfer";
  key: string;
  type: string;
  currency: string;
  /** Unsigned. */
  amount: string;
  fromAccount: string;
  toAccount: string;
  from: Bill | undefined;
  to: Bill | undefined;
  created_at: string;
}

export type BillLine = MovementLine | TransferLine;

/**
 * Entry types that only move money between a user's own accounts, and which way: used for a posting whose partner
 * is not in view (a page boundary, or a filter). Kept in step with the server's entry types.
 */
const TRANSFER_TYPES: Record<string, { from: string; to: string }> = {
  withdraw_request: { from: "available", to: "frozen" },
  withdraw_reject: { from: "frozen", to: "available" },
  staking_subscribe: { from: "available", to: "custody" },
  staking_principal: { from: "custody", to: "available" },
};

const unsigned = (amount: string) => amount.trim().replace(/^[-+]/, "");

function isPair(a: Bill, b: Bill): boolean {
  return (
    a.entry_id === b.entry_id &&
    a.currency === b.currency &&
    a.account !== b.account &&
    compare(a.amount, "0") !== 0 &&
    unsigned(a.amount) === unsigned(b.amount) &&
    compare(a.amount, "0") !== compare(b.amount, "0")
  );
}

/**
 * Bills (newest first) as the user reads them: the two postings of a transfer between their own accounts become
 * one neutral line; every other posting stays a line of its own, signed as money in or out.
 */
export function billLines(bills: readonly Bill[]): BillLine[] {
  const lines: BillLine[] = [];
  for (let i = 0; i < bills.length; i++) {
    const bill = bills[i] as Bill;
    const next = bills[i + 1];
    if (next && isPair(bill, next)) {
      const [out, into] = compare(bill.amount, "0") < 0 ? [bill, next] : [next, bill];
      lines.push({
        kind: "transfer",
        key: `e${bill.entry_id}-${bill.currency}`,
        type: bill.type,
        currency: bill.currency,
        amount: unsigned(bill.amount),
        fromAccount: out.account,
        toAccount: into.account,
        from: out,
        to: into,
        created_at: bill.created_at,
      });
      i++;
      continue;
    }
    const known = TRANSFER_TYPES[bill.type];
    if (known && (bill.account === known.from || bill.account === known.to)) {
      const outgoing = compare(bill.amount, "0") < 0;
      lines.push({
        kind: "transfer",
        key: `p${bill.id}`,
        type: bill.type,
        currency: bill.currency,
        amount: unsigned(bill.amount),
        fromAccount: known.from,
        toAccount: known.to,
        from: outgoing ? bill : undefined,
        to: outgoing ? undefined : bill,
        created_at: bill.created_at,
      });
      continue;
    }
    lines.push({ kind: "movement", key: `p${bill.id}`, bill });
  }
  return lines;
}
