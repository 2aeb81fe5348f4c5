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

/** The accounts module: two-step verification, and the security notification mails. */
export interface AccountSecurity {
  /**
   * Refuses unless the user has no TOTP or `totp` is a current or recovery code (used up); answers whether a
   * second factor was given and passed.
   */
  checkSecondFactor(userId: number, totp: string | undefined): Promise<boolean>;
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
 * The withdrawal address book and its one rule (decision 120): withdrawals go only to addresses saved here, past
 * their hold. With two-step verification on, saving an address asks for its code and the address is usable at once;
 * without it, an address someone saves (the user, or whoever got hold of their session) is usable 24 h later, and
 * the owner is mailed at once. `usable_from` is fixed when the address is saved; nothing else releases it.
 */
export class AddressBookService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: AddressBookDeps,
  ) {}

  private view(row: repo.WithdrawAddressRow): WithdrawAddressView {
    return {
      id: row.id,
      currency: row.currency,
      network: row.network,
      address: row.address,
      label: row.label,
      created_at: row.createdAt.toISOString(),
      usable_from: row.usableFrom.toISOString(),
      usable: row.usableFrom.getTime() <= this.clock.now().getTime(),
    };
  }

  async list(
    userId: number,
    filter: { currency?: string | undefined; network?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<WithdrawAddressView>> {
    const { items, total } = await repo.listForUser(this.db, userId, filter, list, (page - 1) * list);
    return { items: items.map((r) => this.view(r)), total, page, list };
  }

  /**
   * Saves an address; the user is mailed about it (in `locale`) once it is committed. With TOTP on, `totp` must pass
   * (checked after the cheap refusals, so a duplicate burns no code) and the address is usable at once.
   */
  async add(
    userId: number,
    input: { currency: string; network: Network; address: string; label: string; totp?: string | undefined },
    locale: Locale,
  ): Promise<WithdrawAddressView> {
    await this.deps.ledger.currency(input.currency);
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    const address = normalizeAddress(input.network, input.address);
    const assertRoom = async (conn: Db | Tx) => {
      if (await repo.findSame(conn, userId, input.currency, input.network, address)) {
        throw new Refusal("address_book_duplicate");
      }
      if ((await repo.countForUser(conn, userId)) >= MAX_WITHDRAW_ADDRESSES) {
        throw new Refusal("address_book_full", { max: MAX_WITHDRAW_ADDRESSES });
      }
    };
    await assertRoom(this.db);
    const twoStepPassed = await this.deps.accounts.checkSecondFactor(userId, input.totp);
    const now = this.clock.now();
    const saved = await withTransaction(this.db, async (tx) => {
      await repo.lockUserBook(tx, userId);
      await assertRoom(tx);
      const row = await repo.insertAddress(tx, {
        userId,
        currency: input.currency,
        network: input.network,
        address,
        label: input.label,
        createdAt: now,
        usableFrom: twoStepPassed ? now : new Date(now.getTime() + HOLD_MS),
      });
      return this.view(row);
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
   * The rule's early reading, before any code is used up (so a refused destination burns none): an address that is
   * not in the book (same currency and network, compared in its canonical spelling), or is still in its hold, is
   * refused. What decides is `assertWithdrawable`, inside the withdrawal's transaction.
   */
  async assertUsable(userId: number, input: Destination): Promise<void> {
    if (!isValidAddress(input.network, input.address)) return;
    this.judge(await this.savedDestination(this.db, userId, input));
  }

  /**
   * The rule, enforced inside the withdrawal's transaction `tx` under the book's lock that adding and deleting take:
   * the address cannot be deleted or re-added (and so held again) between this check and the withdrawal's commit.
   */
  async assertWithdrawable(tx: Tx, userId: number, input: Destination): Promise<void> {
    if (!isValidAddress(input.network, input.address)) throw new Refusal("address_invalid", { network: input.network });
    await repo.lockUserBook(tx, userId);
    this.judge(await this.savedDestination(tx, userId, input));
  }

  private savedDestination(conn: Db | Tx, userId: number, input: Destination) {
    const address = normalizeAddress(input.network, input.address);
    return repo.findSame(conn, userId, input.currency, input.network, address);
  }

  private judge(saved: repo.WithdrawAddressRow | undefined): void {
    // Both refusals end with the rule in the words every screen uses (the web's funds:addressRule).
    if (!saved) throw new Refusal("address_book_required");
    if (saved.usableFrom.getTime() > this.clock.now().getTime()) {
      throw new Refusal("address_book_on_hold", { from: utcMinute(saved.usableFrom) });
    }
  }
}
