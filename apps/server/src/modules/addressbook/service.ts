import {
  ADDRESS_HOLD_HOURS,
  type Locale,
  MAX_WITHDRAW_ADDRESSES,
  type Network,
  type Paged,
  type withdrawAddress,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { type Clock, utcMinute } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import type { SecurityChange } from "../accounts/security-mail";
import { isValidAddress, normalizeAddress } from "../funds/addresses";
import type { LedgerService } from "../ledger/service";
import * as repo from "./repo";

type WithdrawAddressView = z.infer<typeof withdrawAddress>;

const HOLD_MS = ADDRESS_HOLD_HOURS * 60 * 60 * 1000;

/** The accounts module: whether a user has two-step verification on, and the security notification mails. */
export interface AccountSecurity {
  hasTotp(userId: number): Promise<boolean>;
  /** Mails the user about the change; after the commit, and never fails the change (it logs). */
  notifySecurityChange(userId: number, locale: Locale, change: SecurityChange): Promise<void>;
}

export interface AddressBookDeps {
  ledger: LedgerService;
  accounts: AccountSecurity;
}

/** A withdrawal destination as the funds module asks about it. */
export interface Destination {
  currency: string;
  network: Network;
  address: string;
}

/**
 * The withdrawal address book: saved addresses per currency and network with a label. An address someone adds
 * (the user, or whoever got hold of their session) can be withdrawn to only 24 h later while two-step verification
 * is off. While it is on, every saved address is usable at once, whenever it was saved: every withdrawal then asks
 * for the authenticator's code, and a typed address outside the book is allowed too (decision 031, as amended by
 * issue 21). Without two-step verification, withdrawals go only to the book's addresses past their hold.
 */
export class AddressBookService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: AddressBookDeps,
  ) {}

  /** `totp`: whether the user has two-step verification on now, which makes every saved address usable. */
  private view(row: repo.WithdrawAddressRow, totp: boolean): WithdrawAddressView {
    return {
      id: row.id,
      currency: row.currency,
      network: row.network,
      address: row.address,
      label: row.label,
      created_at: row.createdAt.toISOString(),
      usable_from: row.usableFrom.toISOString(),
      usable: totp || row.usableFrom.getTime() <= this.clock.now().getTime(),
    };
  }

  async list(
    userId: number,
    filter: { currency?: string | undefined; network?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<WithdrawAddressView>> {
    const [{ items, total }, totp] = await Promise.all([
      repo.listForUser(this.db, userId, filter, list, (page - 1) * list),
      this.deps.accounts.hasTotp(userId),
    ]);
    return { items: items.map((r) => this.view(r, totp)), total, page, list };
  }

  /** Saves an address; the user is mailed about it (in `locale`) once it is committed. */
  async add(
    userId: number,
    input: { currency: string; network: Network; address: string; label: string },
    locale: Locale,
  ): Promise<WithdrawAddressView> {
    await this.deps.ledger.currency(input.currency);
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    const address = normalizeAddress(input.network, input.address);
    const totp = await this.deps.accounts.hasTotp(userId);
    const now = this.clock.now();
    const saved = await withTransaction(this.db, async (tx) => {
      await repo.lockUserBook(tx, userId);
      if (await repo.findSame(tx, userId, input.currency, input.network, address)) {
        throw new Refusal("address_book_duplicate");
      }
      if ((await repo.countForUser(tx, userId)) >= MAX_WITHDRAW_ADDRESSES) {
        throw new Refusal("address_book_full", { max: MAX_WITHDRAW_ADDRESSES });
      }
      const row = await repo.insertAddress(tx, {
        userId,
        currency: input.currency,
        network: input.network,
        address,
        label: input.label,
        createdAt: now,
        usableFrom: totp ? now : new Date(now.getTime() + HOLD_MS),
      });
      return this.view(row, totp);
    });
    await this.deps.accounts.notifySecurityChange(userId, locale, {
      kind: "address_added",
      currency: saved.currency,
      network: saved.network,
      address: saved.address,
      label: saved.label,
      usableFrom: new Date(saved.usable_from),
    });
    return saved;
  }

  async remove(userId: number, id: number): Promise<{ id: number }> {
    // Under the book's lock, so that a withdrawal checking this address sees it either saved or gone, not between.
    const deleted = await withTransaction(this.db, async (tx) => {
      await repo.lockUserBook(tx, userId);
      return repo.deleteForUser(tx, userId, id);
    });
    // Another user's address looks exactly like none.
    if (!deleted) throw new Refusal("address_book_not_found");
    return { id };
  }

  /**
   * The withdrawal rule, checked before any code is used up: unless the user has two-step verification on now, a
   * saved address (same currency and network, compared in its canonical spelling) still in its hold is refused, and
   * so is an address that is not in the book. `assertWithdrawable` repeats it inside the withdrawal's transaction.
   */
  async assertUsable(userId: number, input: Destination): Promise<void> {
    if (!isValidAddress(input.network, input.address)) return;
    const saved = await this.savedDestination(this.db, userId, input);
    this.judge(saved, await this.deps.accounts.hasTotp(userId));
  }

  /**
   * The same rule inside the withdrawal's transaction `tx`, under the book's lock that adding and deleting take, so
   * the address cannot be deleted or re-added between the check and the withdrawal. `secondFactorPassed` says
   * whether this request gave a TOTP or recovery code that passed: only then may the address be outside the book
   * or in its hold (TOTP turned on after the request's check does not let a request without a code through).
   */
  async assertWithdrawable(tx: Tx, userId: number, input: Destination, secondFactorPassed: boolean): Promise<void> {
    if (!isValidAddress(input.network, input.address)) throw new Refusal("address_invalid", { network: input.network });
    await repo.lockUserBook(tx, userId);
    this.judge(await this.savedDestination(tx, userId, input), secondFactorPassed);
  }

  private savedDestination(conn: Db | Tx, userId: number, input: Destination) {
    const address = normalizeAddress(input.network, input.address);
    return repo.findSame(conn, userId, input.currency, input.network, address);
  }

  /** `secondFactor`: TOTP is on (before the codes) or this request passed a TOTP or recovery code (inside). */
  private judge(saved: repo.WithdrawAddressRow | undefined, secondFactor: boolean): void {
    if (secondFactor) return;
    if (!saved) throw new Refusal("address_book_required", { hours: ADDRESS_HOLD_HOURS, count: ADDRESS_HOLD_HOURS });
    if (saved.usableFrom.getTime() > this.clock.now().getTime()) {
      throw new Refusal("address_book_on_hold", {
        from: utcMinute(saved.usableFrom),
        hours: ADDRESS_HOLD_HOURS,
        count: ADDRESS_HOLD_HOURS,
      });
    }
  }
}
