import type { WithdrawAddress } from "../api/address-book";
import { sameAddress } from "./address";

/**
 * The address book's one rule as the server applies it (decision 120): withdrawals go only to saved addresses past
 * their hold, whether two-step verification is on or off. Only for what the screens show and which requests they
 * make; the server decides.
 */
export function usableNow(item: Pick<WithdrawAddress, "usable" | "usable_from">, now: number): boolean {
  return item.usable || Date.parse(item.usable_from) <= now;
}

/**
 * Where a typed address stands with the book: `unknown` while there is nothing to judge (no address yet, or the book
 * is not loaded), else `ready`, `held` or `notSaved`.
 */
export type BookStanding = "unknown" | "ready" | "held" | "notSaved";

export function bookStanding(
  typed: string,
  book: readonly WithdrawAddress[] | undefined,
  now: number,
): { standing: BookStanding; match: WithdrawAddress | undefined } {
  const match = typed && book ? book.find((item) => sameAddress(item.address, typed)) : undefined;
  if (!typed || !book) return { standing: "unknown", match };
  if (!match) return { standing: "notSaved", match };
  return { standing: usableNow(match, now) ? "ready" : "held", match };
}
