import { Refusal } from "./errors";

/**
 * How failed sign-ins limit further attempts, for users and operators alike. An account's failures from one address
 * lock that address out of the account for the window; the account's failures from every address together only
 * slow the account down (a short wait between attempts that grows with the failures), so nobody can lock an owner
 * out by failing on purpose from elsewhere.
 */
export interface ThrottlePolicy {
  /** The window failures are counted in. */
  windowMs: number;
  /** Failures for one account from one address after which that address is locked out of the account. */
  pairMax: number;
  /** Failures for one account from all addresses after which each attempt waits (1 s, 2 s, 4 s, …). */
  accountSlowAfter: number;
  /** The longest such wait. */
  maxDelayMs: number;
  /** Failures from one address, whatever the account, after which the address is locked (when counted). */
  addressMax?: number;
}

/** Failures in the window: how many, the first and the last (null when none). */
export interface FailureTally {
  count: number;
  first: Date | null;
  last: Date | null;
}

export const noFailures: FailureTally = { count: 0, first: null, last: null };

const MINUTE_MS = 60_000;

const locked = (minutes: number) => new Refusal("login_locked", { minutes, count: minutes });
const minutesLeft = (first: Date | null, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil(((first?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / MINUTE_MS));

/** The wait the slow-down asks for after `failures` failures of an account (0 below the threshold). */
export function slowDownMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.accountSlowAfter) return 0;
  const doublings = Math.min(failures - policy.accountSlowAfter, 30);
  return Math.min(policy.maxDelayMs, 1000 * 2 ** doublings);
}

/**
 * The refusal for an attempt the failures so far do not allow, or null when it may go ahead. `pair` is the account's
 * failures from this address, `account` its failures from anywhere, `address` the address's for any account.
 */
export function throttleRefusal(
  policy: ThrottlePolicy,
  tallies: { pair?: FailureTally | undefined; account?: FailureTally | undefined; address?: FailureTally | undefined },
  now: Date,
): Refusal | null {
  const { pair, account, address } = tallies;
  if (pair && pair.count >= policy.pairMax) return locked(minutesLeft(pair.first, policy.windowMs, now));
  if (address && policy.addressMax !== undefined && address.count >= policy.addressMax) {
    return locked(minutesLeft(address.first, policy.windowMs, now));
  }
  if (account) {
    const waitMs = (account.last?.getTime() ?? 0) + slowDownMs(policy, account.count) - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return new Refusal("login_slowed", { seconds, count: seconds });
    }
  }
  return null;
}
