import type { ReserveSnapshot } from "@cryptos/contract";
import { compare, sum } from "@cryptos/contract/decimal";

export interface Coverage {
  currency: string;
  owed: string;
  /** Read on chain at the snapshot's blocks. */
  proven: string;
  /** Declared by the operator for networks checked by hand. */
  declared: string;
  covered: boolean;
}

/** Per currency owed (the root's sums) or held: what users are owed beside the reserves published for it. */
export function coverage(snapshot: ReserveSnapshot): Coverage[] {
  const codes = new Set([...Object.keys(snapshot.root.sums), ...snapshot.reserves.map((r) => r.currency)]);
  return [...codes]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((currency) => {
      const of = snapshot.reserves.filter((r) => r.currency === currency);
      const proven = sum(of.filter((r) => r.proven).map((r) => r.balance));
      const declared = sum(of.filter((r) => !r.proven).map((r) => r.balance));
      const owed = snapshot.root.sums[currency] ?? "0";
      return { currency, owed, proven, declared, covered: compare(sum([proven, declared]), owed) >= 0 };
    })
    .filter((c) => compare(c.owed, "0") !== 0);
}
