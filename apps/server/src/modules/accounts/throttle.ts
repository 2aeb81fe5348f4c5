import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { type FailureTally, noFailures, type ThrottlePolicy, throttleRefusal } from "../../lib/login-throttle";
import * as repo from "./repo";

const MINUTE_MS = 60_000;
/** Failure records are kept this long, then deleted. */
const FAILURE_RETENTION_MS = 24 * 60 * MINUTE_MS;

export interface LoginThrottleOptions {
  /** Put before the scopes of its records, to keep apart the accounts of different kinds (users, operators). */
  scopePrefix: string;
  /** Whether an address's failures over all accounts lock it too (`policy.addressMax`). */
  perAddress: boolean;
}

/**
 * Sign-in failures and the limits they set (lib/login-throttle), kept in the database so that every instance sees
 * them. Each failure is recorded three times: for the account from that address (`pair`), for the account, and for
 * the address; any of them may be unknown (null) to a caller. Used by users' sign-in and by the operators' console.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy,
    private readonly options: LoginThrottleOptions,
  ) {}

  /**
   * Runs one credential check (a password, a code) if the failures so far allow it, else refuses with how long to
   * wait. The attempt is recorded as a failure before the check, under a lock on the account (and, with per-address
   * limits, on the address), so attempts arriving together see each other and no more checks run than the limits
   * allow; a check that passes takes its record back. One whose check throws stays recorded.
   */
  async attempt<T>(
    account: string | null,
    ip: string | null,
    check: () => Promise<T>,
    passed: (result: T) => boolean = Boolean,
  ): Promise<T> {
    const reserved = await withTransaction(this.db, async (tx) => {
      await repo.lockLoginKeys(tx, account, this.options.perAddress ? ip : null);
      await this.refuseWhileLocked(account, ip, tx);
      const rows = await repo.insertFailures(tx, this.records(account, ip, this.clock.now()));
      return rows.map((row) => row.id);
    });
    const result = await check();
    if (passed(result)) await repo.deleteFailuresById(this.db, reserved);
    else await this.prune();
    return result;
  }

  /** Refuses while this address is locked out of the account (or of all), or while the account is slowed down. */
  async refuseWhileLocked(account: string | null, ip: string | null, conn: Db | Tx = this.db): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.policy.windowMs);
    const tallies = await repo.failureTallies(conn, this.records(account, ip, now), since);
    const of = (scope: string): FailureTally => tallies.find((row) => row.scope === this.scope(scope)) ?? noFailures;
    const refusal = throttleRefusal(
      this.policy,
      {
        pair: of("pair"),
        account: of("account"),
        address: this.options.perAddress && ip !== null ? of("ip") : undefined,
      },
      now,
    );
    if (refusal) throw refusal;
  }

  /** A failed check that did not go through `attempt` (it is not atomic with the check). */
  async recordFailure(account: string | null, ip: string | null): Promise<void> {
    await repo.insertFailures(this.db, this.records(account, ip, this.clock.now()));
    await this.prune();
  }

  /** After a sign-in: the account is no longer slowed down, and this address's failures on it are forgotten. */
  async succeeded(account: string, ip: string | null): Promise<void> {
    await repo.clearFailures(this.db, this.scope("account"), account);
    await repo.clearFailures(this.db, this.scope("pair"), pairKey(account, ip));
  }

  /** Every failure of the account, from every address (the owner proved the inbox). */
  async forgive(account: string): Promise<void> {
    await repo.clearAccountFailures(this.db, this.scope("account"), this.scope("pair"), account);
  }

  private scope(name: string): string {
    return `${this.options.scopePrefix}${name}`;
  }

  private records(account: string | null, ip: string | null, createdAt: Date) {
    return [
      ...(account !== null ? [{ scope: this.scope("pair"), key: pairKey(account, ip), createdAt }] : []),
      ...(account !== null ? [{ scope: this.scope("account"), key: account, createdAt }] : []),
      ...(ip !== null ? [{ scope: this.scope("ip"), key: ip, createdAt }] : []),
    ];
  }

  private prune() {
    return repo.deleteFailuresBefore(this.db, new Date(this.clock.now().getTime() - FAILURE_RETENTION_MS));
  }
}

/** The account, `|`, the address: emails hold no `|`, so the account is the part before the last one. */
const pairKey = (account: string, ip: string | null) => `${account}|${ip ?? ""}`;
