import { ENTRY_TYPES, type EntryType } from "@cryptos/contract";
import type Decimal from "decimal.js";

export type UserAccountKind = "available" | "frozen" | "custody";
export type SystemAccountKey = "house" | "deposit_clearing" | "withdrawal_clearing" | "fees";

/** Where a posting lands: one of a user's balances, or a system account. */
export type AccountRef =
  | { userId: number; currency: string; kind: UserAccountKind }
  | { system: SystemAccountKey; currency: string };

/** The named kinds of movement (the contract's, since bills show them by name). */
export { ENTRY_TYPES, type EntryType };

export interface EntryInput {
  type: EntryType;
  /** The same key twice posts once: retries and concurrent duplicates are harmless. */
  idempotencyKey: string;
  ref?: { type: string; id: string | number };
  memo?: string;
  postings: { account: AccountRef; amount: Decimal.Value }[];
}

export interface PostedEntry {
  entryId: number;
  /** True when the idempotency key had already posted; nothing was posted this time. */
  duplicate: boolean;
}
