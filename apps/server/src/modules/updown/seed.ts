import type { Db } from "../../db/client";
import { insertSettings } from "./repo";

/** Settlement times with their payout rates: a longer wait pays a little more, as on most up/down venues. */
export const DEFAULT_TERMS = [
  { seconds: 30, payout_rate: "0.75" },
  { seconds: 60, payout_rate: "0.80" },
  { seconds: 120, payout_rate: "0.85" },
  { seconds: 300, payout_rate: "0.90" },
];

/** Up/down terms for every pair that has none yet; an operator's edits are never overwritten. */
export async function seedUpDownSettings(db: Db, pairs: { id: number; quote: string }[]) {
  if (pairs.length === 0) return;
  await insertSettings(
    db,
    pairs.map((p) => ({ pairId: p.id, currency: p.quote, minAmount: "10", maxAmount: "10000", terms: DEFAULT_TERMS })),
  );
}
