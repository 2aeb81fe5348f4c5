import {
  ADDRESS_HOLD_HOURS,
  MAX_WITHDRAW_ADDRESSES,
  type Network,
  type Paged,
  type withdrawAddress,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { isValidAddress, normalizeAddress } from "../funds/addresses";
import type { LedgerService } from "../ledger/service";
import * as repo from "./repo";

type WithdrawAddressView = z.infer<typeof withdrawAddress>;

const HOLD_MS = ADDRESS_HOLD_HOURS * 60 * 60 * 1000;

/** Whether a user has two-step verification on (the accounts module). */
export interface SecondFactorStatus {
  hasTotp(userId: number): Promise<boolean>;
}

export interface AddressBookDeps {
  ledger: LedgerService;
  accounts: SecondFactorStatus;
}

/** A time as the refusal shows it, the same in every language: `2026-03-03 10:00 UTC`. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The withdrawal address book: saved addresses per currency and network with a label. An address someone adds
 * (the user, or whoever got hold of their session) can be withdrawn to only 24 h later, unless the account had
 * two-step verification on when it was added, because then every withdrawal asks for the authenticator anyway.
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

  async add(
    userId: number,
    input: { currency: string; network: Network; address: string; label: string },
  ): Promise<WithdrawAddressView> {
    await this.deps.ledger.currency(input.currency);
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    const address = normalizeAddress(input.network, input.address);
    const totp = await this.deps.accounts.hasTotp(userId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
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
      return this.view(row);
    });
  }

  async remove(userId: number, id: number): Promise<{ id: number }> {
    // Another user's address looks exactly like none.
    if (!(await repo.deleteForUser(this.db, userId, id))) throw new Refusal("address_book_not_found");
    return { id };
  }

  /**
   * The withdrawal rule: refuses a withdrawal to an address of the user's book (same currency and network) that is
   * still in its hold. An address that is not in the book is the funds module's to judge.
   */
  async assertUsable(userId: number, input: { currency: string; network: Network; address: string }): Promise<void> {
    if (!isValidAddress(input.network, input.address)) return;
    const address = normalizeAddress(input.network, input.address);
    const saved = await repo.findSame(this.db, userId, input.currency, input.network, address);
    if (saved && saved.usableFrom.getTime() > this.clock.now().getTime()) {
      throw new Refusal("address_book_on_hold", { from: utcMinute(saved.usableFrom), hours: ADDRESS_HOLD_HOURS });
    }
  }
}
