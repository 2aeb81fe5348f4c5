import type { WithdrawAddress } from "../api/address-book";
import { sameAddress } from "./address";

/**
 * The address book's withdrawal rule as the server applies it (decision 031, amended by issue 21): with two-step
 * verification on now, every saved address is usable at once (also one saved before it was turned on) and a typed
 * address is allowed; without it, only a saved address past its 24-hour hold. Only for what the screens show and
 * which requests they make; the server decides.
 */
export function usableNow(
  item: Pick<WithdrawAddress, "usable" | "usable_from">,
  totpOn: boolean,
  now: number,
): boolean {
  return totpOn || item.usable || Date.parse(item.usable_from) <= now;
}

/**
 * Where a typed address stands with the book: `free` with two-step verification on (any address), `unknown` while
 * there is nothing to judge (no address yet, or the book is not loaded), else `ready`, `held` or `notSaved`.
 */
export type BookStanding = "free" | "unknown" | "ready" | "held" | "notSaved";

export function bookStanding(
  typed: string,
  book: readonly WithdrawAddress[] | undefined,
  totpOn: boolean,
  now: number,
): { standing: BookStanding; match: WithdrawAddress | undefined } {
  const match = typed && book ? book.find((item) => sameAddress(item.address, typed)) : undefined;
  if (totpOn) return { standing: "free", match };
  if (!typed || !book) return { standing: "unknown", match };
  if (!match) return { standing: "notSaved", match };
  return { standing: usableNow(match, false, now) ? "ready" : "held", match };
}
