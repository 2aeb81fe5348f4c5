import { randomBytes } from "node:crypto";
import {
  type adminDeposit,
  type adminDepositChannel,
  type adminWithdrawal,
  type adminWithdrawNetwork,
  amountIssue,
  type depositChannel,
  type exchange,
  type exchangeQuote,
  type fundsSettings,
  type Network,
  type Paged,
  QUOTE_TTL_S,
  type RealNameStatus,
  type ReviewAction,
  type withdrawNetwork,
} from "@cryptos/contract";
import Decimal from "decimal.js";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { deposits, exchangeQuotes, exchanges, withdrawals } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { AMOUNT_LIMIT, Money, toAmount, toCurrencyUnits } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import type { SettingsService } from "../settings/service";
import { isValidAddress } from "./addresses";
import * as repo from "./repo";
import type { UploadsService } from "./uploads";

type DepositView = z.infer<typeof adminDeposit>;
type WithdrawalView = z.infer<typeof adminWithdrawal>;
type DepositRow = typeof deposits.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
type QuoteRow = typeof exchangeQuotes.$inferSelect;
type ExchangeRow = typeof exchanges.$inferSelect;

/** The settings funds reads, with the values that hold until an operator sets them. */
export const FUNDS_SETTINGS = {
  exchangeFeeRate: { key: "exchange_fee_rate", fallback: "0.001" },
  withdrawRequiresRealName: { key: "withdraw_requires_real_name", fallback: false },
} as const;

/** Pending deposits one user may have at a time; more is noise for the operators, not money. */
const MAX_PENDING_DEPOSITS = 20;
const QUOTE_TTL_MS = QUOTE_TTL_S * 1000;

/** The accounts module's check of an emailed code (uses the code up; wrong guesses count against it). */
export interface EmailCodeCheck {
  consumeCodeForUser(userId: number, event: "withdraw", code: string): Promise<boolean>;
  /**
   * Refuses unless the user has no TOTP or `totp` is a current code or a recovery code (used up); answers whether
   * a second factor was given and passed.
   */
  checkSecondFactor(userId: number, totp: string | undefined): Promise<boolean>;
}

/** The latest traded price of `base` in `quote` (e.g. BTC in USDT), or null when there is none. */
export interface LatestPrices {
  latestPrice(base: string, quote: string): Promise<Decimal.Value | null>;
}

/** A user's real-name state, for the withdrawal rule. */
export interface RealNameCheck {
  status(userId: number): Promise<RealNameStatus>;
}

/** The address book's rule on destinations: book addresses past their hold, others only with TOTP (decision 031). */
export interface AddressHolds {
  assertUsable(userId: number, input: { currency: string; network: Network; address: string }): Promise<void>;
  assertWithdrawable(
    tx: Tx,
    userId: number,
    input: { currency: string; network: Network; address: string },
    secondFactorPassed: boolean,
  ): Promise<void>;
}

export interface FundsDeps {
  ledger: LedgerService;
  admin: AdminService;
  messages: MessagesService;
  settings: SettingsService;
  uploads: UploadsService;
  codes: EmailCodeCheck;
  prices: LatestPrices;
  realName: RealNameCheck;
  addressBook: AddressHolds;
}

/** What an operator review needs to say who did it, from where. */
export interface ReviewInput {
  operatorId: number;
  ip: string | undefined;
  id: number;
  action: ReviewAction;
  reason?: string | undefined;
}

/** A whole number of units in the currency's decimals ("10.50" counts as 1 decimal place), below AMOUNT_LIMIT. */
function checkPrecision(amount: string, currency: { code: string; decimals: number }) {
  const value = new Money(amount);
  if (value.gte(AMOUNT_LIMIT)) throw new Refusal("amount_too_large", { field: "amount" });
  if (value.decimalPlaces() > currency.decimals) {
    throw new Refusal("amount_too_precise", { currency: currency.code, decimals: currency.decimals });
  }
  return value;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Deposits, withdrawals and exchange. Every movement of money is one ledger entry written in the same
 * transaction as the row it pays for, with an idempotency key derived from that row, so a retried or doubled
 * request posts once; every operator review is audited and reaches the user as a message in that transaction.
 */
export class FundsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: FundsDeps,
  ) {}

  // Settings ------------------------------------------------------------------------------------------------------

  async settings(conn: Db | Tx = this.db): Promise<z.infer<typeof fundsSettings>> {
    const { settings } = this.deps;
    const [rate, realName] = await Promise.all([
      settings.get<string>(FUNDS_SETTINGS.exchangeFeeRate.key, FUNDS_SETTINGS.exchangeFeeRate.fallback, conn),
      settings.get<boolean>(
        FUNDS_SETTINGS.withdrawRequiresRealName.key,
        FUNDS_SETTINGS.withdrawRequiresRealName.fallback,
        conn,
      ),
    ]);
    return { exchange_fee_rate: toAmount(rate), withdraw_requires_real_name: realName === true };
  }

  async saveSettings(
    operatorId: number,
    ip: string | undefined,
    change: { exchange_fee_rate?: string | undefined; withdraw_requires_real_name?: boolean | undefined },
  ) {
    return this.deps.ledger.transaction(async (tx) => {
      const before = await this.settings(tx);
      if (change.exchange_fee_rate !== undefined) {
        if (new Money(change.exchange_fee_rate).gte(1)) throw new Refusal("fee_rate_invalid");
        await this.deps.settings.set(FUNDS_SETTINGS.exchangeFeeRate.key, toAmount(change.exchange_fee_rate), tx);
      }
      if (change.withdraw_requires_real_name !== undefined) {
        await this.deps.settings.set(
          FUNDS_SETTINGS.withdrawRequiresRealName.key,
          change.withdraw_requires_real_name,
          tx,
        );
      }
      const after = await this.settings(tx);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.deps.admin.audit(tx, { operatorId, action: "funds.settings", before, after, ip });
      }
      return after;
    });
  }

  // Deposit channels ----------------------------------------------------------------------------------------------

  async channels(): Promise<z.infer<typeof depositChannel>[]> {
    const rows = await repo.listChannels(this.db, true);
    return rows.map((c) => ({ id: c.id, currency: c.currency, network: c.network, address: c.address, demo: c.demo }));
  }

  async adminChannels(): Promise<z.infer<typeof adminDepositChannel>[]> {
    const rows = await repo.listChannels(this.db, false);
    return rows.map((c) => ({ ...c }));
  }

  async saveChannel(
    operatorId: number,
    ip: string | undefined,
    input: {
      id?: number | undefined;
      currency: string;
      network: Network;
      address: string;
      enabled: boolean;
      demo: boolean;
      sort: number;
    },
  ): Promise<z.infer<typeof adminDepositChannel>> {
    await this.deps.ledger.currency(input.currency);
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    return this.deps.ledger.transaction(async (tx) => {
      const clash = await repo.findChannelByNetwork(tx, input.currency, input.network);
      if (clash && clash.id !== input.id) {
        throw new Refusal("channel_exists", { currency: input.currency, network: input.network });
      }
      const values = {
        currency: input.currency,
        network: input.network,
        address: input.address,
        enabled: input.enabled,
        demo: input.demo,
        sort: input.sort,
      };
      let before: unknown = null;
      let saved: Awaited<ReturnType<typeof repo.insertChannel>>;
      if (input.id === undefined) {
        saved = await repo.insertChannel(tx, values);
      } else {
        before = await repo.findChannel(tx, input.id);
        if (!before) throw new Refusal("review_not_found", { id: input.id });
        const updated = await repo.updateChannel(tx, input.id, values);
        if (!updated) throw new Refusal("review_not_found", { id: input.id });
        saved = updated;
      }
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "deposit_channel.save",
        target: { type: "deposit_channel", id: saved.id },
        before,
        after: saved,
        ip,
      });
      return { ...saved };
    });
  }

  // Deposits ------------------------------------------------------------------------------------------------------

  async depositViews(conn: Db | Tx, rows: DepositRow[]): Promise<DepositView[]> {
    const urls = await this.deps.uploads.urls(
      conn,
      rows.flatMap((r) => r.imageIds),
    );
    return rows.map((d) => ({
      id: d.id,
      user_id: d.userId,
      currency: d.currency,
      network: d.network,
      address: d.address,
      demo: d.demo,
      amount: toAmount(d.amount),
      txid: d.txid,
      images: d.imageIds.flatMap((id) => {
        const url = urls.get(id);
        return url ? [{ id, url }] : [];
      }),
      status: d.status as DepositView["status"],
      reason: d.reason,
      created_at: d.createdAt.toISOString(),
      reviewed_at: iso(d.reviewedAt),
      reviewed_by: d.reviewedBy,
    }));
  }

  async submitDeposit(
    userId: number,
    input: { channel_id: number; amount: string; txid?: string | undefined; images: number[] },
  ): Promise<DepositView> {
    const channel = await repo.findChannel(this.db, input.channel_id);
    if (!channel?.enabled) throw new Refusal("deposit_channel_unavailable");
    const currency = await this.deps.ledger.currency(channel.currency);
    const amount = checkPrecision(input.amount, currency);
    const imageIds = [...new Set(input.images)];
    return this.deps.ledger.transaction(async (tx) => {
      await this.deps.uploads.assertOwned(tx, userId, imageIds);
      // Counted under the user's lock: simultaneous deposits (any connection, any instance) count one by one.
      await repo.lockUserDeposits(tx, userId);
      if ((await repo.countPendingDeposits(tx, userId)) >= MAX_PENDING_DEPOSITS) {
        throw new Refusal("deposit_pending_limit", { count: MAX_PENDING_DEPOSITS });
      }
      const row = await repo.insertDeposit(tx, {
        userId,
        channelId: channel.id,
        currency: channel.currency,
        network: channel.network,
        address: channel.address,
        demo: channel.demo,
        amount: toAmount(amount),
        txid: input.txid || null,
        imageIds,
        status: "pending",
        createdAt: this.clock.now(),
      });
      const [view] = await this.depositViews(tx, [row]);
      return view as DepositView;
    });
  }

  async deposits(
    filter: { userId?: number | undefined; status?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<DepositView>> {
    const { items, total } = await repo.listDeposits(this.db, { ...filter, limit: list, offset: (page - 1) * list });
    return { items: await this.depositViews(this.db, items), total, page, list };
  }

  /**
   * Completes (credits the user: deposit clearing -> available) or rejects (reason required, no money moves) a
   * pending deposit. The row lock and status check make two operators clicking at once review it once; the
   * idempotency key `deposit:<id>` makes even a second credit impossible.
   */
  async reviewDeposit(input: ReviewInput): Promise<DepositView> {
    const reason = input.reason?.trim() || null;
    if (input.action === "reject" && !reason) throw new Refusal("review_reason_required");
    const { ledger, admin, messages } = this.deps;
    return ledger.transaction(async (tx) => {
      const deposit = await repo.lockDeposit(tx, input.id);
      if (!deposit) throw new Refusal("review_not_found", { id: input.id });
      if (deposit.status !== "pending") throw new Refusal("review_already_done", { id: input.id });
      const amount = toAmount(deposit.amount);
      const params = { id: deposit.id, amount, currency: deposit.currency, reason: reason ?? "" };
      if (input.action === "complete") {
        await ledger.post(tx, {
          type: "deposit",
          idempotencyKey: `deposit:${deposit.id}`,
          ref: { type: "deposit", id: deposit.id },
          postings: [
            { account: { userId: deposit.userId, currency: deposit.currency, kind: "available" }, amount },
            { account: { system: "deposit_clearing", currency: deposit.currency }, amount: `-${amount}` },
          ],
        });
      }
      const status = input.action === "complete" ? "completed" : "rejected";
      const updated = await repo.setDepositReview(tx, deposit.id, {
        status,
        reason: input.action === "reject" ? reason : null,
        reviewedAt: this.clock.now(),
        reviewedBy: input.operatorId,
      });
      await admin.audit(tx, {
        operatorId: input.operatorId,
        action: `deposit.${input.action}`,
        target: { type: "deposit", id: deposit.id },
        before: { status: deposit.status },
        after: { status, user_id: deposit.userId, amount, currency: deposit.currency },
        reason: reason ?? undefined,
        ip: input.ip,
      });
      await messages.notify(
        tx,
        deposit.userId,
        input.action === "complete"
          ? { title: "deposit_completed_title", body: "deposit_completed_body", params }
          : { title: "deposit_rejected_title", body: "deposit_rejected_body", params },
      );
      const [view] = await this.depositViews(tx, [updated]);
      return view as DepositView;
    });
  }

  // Withdrawals ---------------------------------------------------------------------------------------------------

  async withdrawInfo(userId: number, currency?: string) {
    const [rows, settings, realName, all] = await Promise.all([
      repo.listWithdrawNetworks(this.db, { onlyEnabled: true, currency }),
      this.settings(),
      this.deps.realName.status(userId),
      this.deps.ledger.currencies(),
    ]);
    const decimals = new Map(all.map((c) => [c.code, c.decimals]));
    const items: z.infer<typeof withdrawNetwork>[] = rows
      .filter((n) => decimals.has(n.currency))
      .map((n) => ({
        currency: n.currency,
        network: n.network,
        fee: toAmount(n.fee),
        min_amount: toAmount(n.minAmount),
        max_amount: toAmount(n.maxAmount),
        decimals: decimals.get(n.currency) as number,
      }));
    return { items, requires_real_name: settings.withdraw_requires_real_name, real_name_status: realName };
  }

  async adminWithdrawNetworks(): Promise<z.infer<typeof adminWithdrawNetwork>[]> {
    const rows = await repo.listWithdrawNetworks(this.db, { onlyEnabled: false });
    return rows.map((n) => this.networkView(n));
  }

  private networkView(n: Awaited<ReturnType<typeof repo.upsertWithdrawNetwork>>) {
    return {
      id: n.id,
      currency: n.currency,
      network: n.network,
      fee: toAmount(n.fee),
      min_amount: toAmount(n.minAmount),
      max_amount: toAmount(n.maxAmount),
      enabled: n.enabled,
      sort: n.sort,
    };
  }

  async saveWithdrawNetwork(
    operatorId: number,
    ip: string | undefined,
    input: {
      currency: string;
      network: Network;
      fee: string;
      min_amount: string;
      max_amount: string;
      enabled: boolean;
      sort: number;
    },
  ): Promise<z.infer<typeof adminWithdrawNetwork>> {
    const currency = await this.deps.ledger.currency(input.currency);
    const fee = checkPrecision(input.fee, currency);
    const min = checkPrecision(input.min_amount, currency);
    const max = checkPrecision(input.max_amount, currency);
    if (min.gt(max)) throw new Refusal("withdraw_limits_invalid");
    return this.deps.ledger.transaction(async (tx) => {
      const before = await repo.findWithdrawNetwork(tx, input.currency, input.network);
      const saved = await repo.upsertWithdrawNetwork(tx, {
        currency: input.currency,
        network: input.network,
        fee: toAmount(fee),
        minAmount: toAmount(min),
        maxAmount: toAmount(max),
        enabled: input.enabled,
        sort: input.sort,
      });
      const view = this.networkView(saved);
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "withdraw_network.save",
        target: { type: "withdraw_network", id: saved.id },
        before: before ? this.networkView(before) : null,
        after: view,
        ip,
      });
      return view;
    });
  }

  withdrawalView(w: WithdrawalRow): WithdrawalView {
    return {
      id: w.id,
      user_id: w.userId,
      currency: w.currency,
      network: w.network,
      address: w.address,
      amount: toAmount(w.amount),
      fee: toAmount(w.fee),
      status: w.status as WithdrawalView["status"],
      reason: w.reason,
      created_at: w.createdAt.toISOString(),
      reviewed_at: iso(w.reviewedAt),
      reviewed_by: w.reviewedBy,
    };
  }

  /**
   * A withdrawal as the user asks for it: the rules first, then the TOTP code when the user has it on (before the
   * emailed code, so being asked for it does not burn the email), then the emailed code (both used up by the
   * accounts module, outside this transaction so that wrong guesses count even when the request fails), then the
   * money. The destination must be a saved address past its hold unless this request passed a TOTP code.
   */
  async requestWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string; code: string; totp?: string },
  ): Promise<WithdrawalView> {
    const checked = await this.checkWithdrawal(userId, input);
    const available = await this.deps.ledger.balance({ userId, currency: input.currency, kind: "available" });
    if (new Money(available).lt(checked.total)) throw new Refusal("insufficient_balance", { currency: input.currency });
    const secondFactorPassed = await this.deps.codes.checkSecondFactor(userId, input.totp);
    if (!(await this.deps.codes.consumeCodeForUser(userId, "withdraw", input.code))) {
      throw new Refusal("code_invalid");
    }
    return this.writeWithdrawal(userId, input, checked, { secondFactorPassed });
  }

  private async checkWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
  ) {
    const network = await repo.findWithdrawNetwork(this.db, input.currency, input.network);
    if (!network?.enabled) {
      throw new Refusal("withdraw_network_unavailable", { currency: input.currency, network: input.network });
    }
    const currency = await this.deps.ledger.currency(input.currency);
    const amount = checkPrecision(input.amount, currency);
    // The contract's amount rule, which the withdraw sheet applies as the user types (the balance is the ledger's).
    const issue = amountIssue(input.amount, {
      decimals: currency.decimals,
      min: toAmount(network.minAmount),
      max: toAmount(network.maxAmount),
    });
    if (issue === "below_min") {
      throw new Refusal("withdraw_amount_below_min", { min: toAmount(network.minAmount), currency: currency.code });
    }
    if (issue === "above_max") {
      throw new Refusal("withdraw_amount_above_max", { max: toAmount(network.maxAmount), currency: currency.code });
    }
    if (!isValidAddress(input.network, input.address)) {
      throw new Refusal("address_invalid", { network: input.network });
    }
    await this.deps.addressBook.assertUsable(userId, input);
    const { withdraw_requires_real_name } = await this.settings();
    if (withdraw_requires_real_name && (await this.deps.realName.status(userId)) !== "verified") {
      throw new Refusal("withdraw_real_name_required");
    }
    const fee = new Money(network.fee);
    return { amount, fee, total: amount.plus(fee) };
  }

  /**
   * Records a withdrawal whose codes have been checked: amount + fee move from available to frozen in one entry,
   * in the transaction that writes the request. The ledger's row lock refuses anything beyond the balance.
   * `secondFactorPassed`: this request gave a TOTP or recovery code that passed, so the destination may be an
   * address outside the book.
   */
  async placeWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
    verified: { secondFactorPassed: boolean },
  ): Promise<WithdrawalView> {
    return this.writeWithdrawal(userId, input, await this.checkWithdrawal(userId, input), verified);
  }

  /**
   * The money step of a withdrawal whose rules `checkWithdrawal` passed. The rules are read before the transaction
   * (other modules' reads, e.g. real-name, use their own connection); what must hold under concurrency is enforced
   * inside it: the destination under the address book's lock (an address deleted or re-added meanwhile is seen),
   * the balance by the ledger's row lock.
   */
  private writeWithdrawal(
    userId: number,
    input: { currency: string; network: Network; address: string; amount: string },
    { amount, fee, total }: Awaited<ReturnType<FundsService["checkWithdrawal"]>>,
    verified: { secondFactorPassed: boolean },
  ): Promise<WithdrawalView> {
    const { ledger } = this.deps;
    return ledger.transaction(async (tx) => {
      await this.deps.addressBook.assertWithdrawable(tx, userId, input, verified.secondFactorPassed);
      const row = await repo.insertWithdrawal(tx, {
        userId,
        currency: input.currency,
        network: input.network,
        address: input.address,
        amount: toAmount(amount),
        fee: toAmount(fee),
        status: "pending",
        createdAt: this.clock.now(),
      });
      await ledger.post(tx, {
        type: "withdraw_request",
        idempotencyKey: `withdraw:${row.id}:request`,
        ref: { type: "withdrawal", id: row.id },
        postings: [
          { account: { userId, currency: input.currency, kind: "available" }, amount: toAmount(total.neg()) },
          { account: { userId, currency: input.currency, kind: "frozen" }, amount: toAmount(total) },
        ],
      });
      return this.withdrawalView(row);
    });
  }

  async withdrawals(
    filter: { userId?: number | undefined; status?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<WithdrawalView>> {
    const { items, total } = await repo.listWithdrawals(this.db, {
      ...filter,
      limit: list,
      offset: (page - 1) * list,
    });
    return { items: items.map((w) => this.withdrawalView(w)), total, page, list };
  }

  /**
   * Completes (frozen leaves: the amount to withdrawal clearing, the fee to fees) or rejects (frozen returns to
   * available; reason required) a pending withdrawal, exactly once.
   */
  async reviewWithdrawal(input: ReviewInput): Promise<WithdrawalView> {
    const reason = input.reason?.trim() || null;
    if (input.action === "reject" && !reason) throw new Refusal("review_reason_required");
    const { ledger, admin, messages } = this.deps;
    return ledger.transaction(async (tx) => {
      const w = await repo.lockWithdrawal(tx, input.id);
      if (!w) throw new Refusal("review_not_found", { id: input.id });
      if (w.status !== "pending") throw new Refusal("review_already_done", { id: input.id });
      const amount = new Money(w.amount);
      const fee = new Money(w.fee);
      const total = amount.plus(fee);
      const frozen = { userId: w.userId, currency: w.currency, kind: "frozen" as const };
      if (input.action === "complete") {
        await ledger.post(tx, {
          type: "withdraw_complete",
          idempotencyKey: `withdraw:${w.id}:complete`,
          ref: { type: "withdrawal", id: w.id },
          postings: [
            { account: frozen, amount: toAmount(total.neg()) },
            { account: { system: "withdrawal_clearing", currency: w.currency }, amount: toAmount(amount) },
            ...(fee.isZero()
              ? []
              : [{ account: { system: "fees" as const, currency: w.currency }, amount: toAmount(fee) }]),
          ],
        });
      } else {
        await ledger.post(tx, {
          type: "withdraw_reject",
          idempotencyKey: `withdraw:${w.id}:reject`,
          ref: { type: "withdrawal", id: w.id },
          postings: [
            { account: frozen, amount: toAmount(total.neg()) },
            { account: { userId: w.userId, currency: w.currency, kind: "available" }, amount: toAmount(total) },
          ],
        });
      }
      const status = input.action === "complete" ? "completed" : "rejected";
      const updated = await repo.setWithdrawalReview(tx, w.id, {
        status,
        reason: input.action === "reject" ? reason : null,
        reviewedAt: this.clock.now(),
        reviewedBy: input.operatorId,
      });
      await admin.audit(tx, {
        operatorId: input.operatorId,
        action: `withdrawal.${input.action}`,
        target: { type: "withdrawal", id: w.id },
        before: { status: w.status },
        after: { status, user_id: w.userId, amount: toAmount(amount), fee: toAmount(fee), currency: w.currency },
        reason: reason ?? undefined,
        ip: input.ip,
      });
      const params = {
        id: w.id,
        amount: toAmount(amount),
        total: toAmount(total),
        currency: w.currency,
        network: w.network,
        address: w.address,
        reason: reason ?? "",
      };
      await messages.notify(
        tx,
        w.userId,
        input.action === "complete"
          ? { title: "withdraw_completed_title", body: "withdraw_completed_body", params }
          : { title: "withdraw_rejected_title", body: "withdraw_rejected_body", params },
      );
      return this.withdrawalView(updated);
    });
  }

  // Exchange ------------------------------------------------------------------------------------------------------

  /** The USDT prices of both sides (USDT itself is 1): one `from` is worth fromUsdt / toUsdt units of `to`. */
  private async usdtPrices(from: string, to: string): Promise<{ fromUsdt: Decimal; toUsdt: Decimal } | null> {
    const inUsdt = async (code: string) => {
      if (code === "USDT") return new Money(1);
      const price = await this.deps.prices.latestPrice(code, "USDT");
      return price === null || !new Money(price).gt(0) ? null : new Money(price);
    };
    const [fromUsdt, toUsdt] = await Promise.all([inUsdt(from), inUsdt(to)]);
    return fromUsdt && toUsdt ? { fromUsdt, toUsdt } : null;
  }

  private quoteView(q: QuoteRow): z.infer<typeof exchangeQuote> {
    return {
      quote_id: q.id,
      from: q.fromCurrency,
      to: q.toCurrency,
      amount: toAmount(q.amount),
      price: toAmount(q.price),
      fee: toAmount(q.fee),
      fee_rate: toAmount(q.feeRate),
      receive: toAmount(q.receive),
      expires_at: q.expiresAt.toISOString(),
    };
  }

  /**
   * A price for `amount` of `from` in `to`, held for QUOTE_TTL_S: gross = amount x price rounded down to `to`'s
   * decimals; fee = gross x rate rounded up to them; receive = gross - fee. The quote stores fee and receive, so
   * what is shown is exactly what executes.
   */
  async quoteExchange(userId: number, input: { from: string; to: string; amount: string }) {
    if (input.from === input.to) throw new Refusal("exchange_same_currency");
    const { ledger } = this.deps;
    const [from, to] = await Promise.all([ledger.currency(input.from), ledger.currency(input.to)]);
    const amount = checkPrecision(input.amount, from);
    const prices = await this.usdtPrices(from.code, to.code);
    if (!prices) throw new Refusal("exchange_no_price", { from: from.code, to: to.code });
    const price = prices.fromUsdt.div(prices.toUsdt).toDecimalPlaces(18, Decimal.ROUND_DOWN);
    const feeRate = new Money((await this.settings()).exchange_fee_rate);
    // From the unrounded ratio, so that 600 USDT at 60000 buys exactly 0.01 BTC.
    const gross = toCurrencyUnits(amount.times(prices.fromUsdt).div(prices.toUsdt), to.decimals);
    const fee = gross.times(feeRate).toDecimalPlaces(to.decimals, Decimal.ROUND_UP);
    const receive = gross.minus(fee);
    if (!receive.gt(0)) throw new Refusal("exchange_amount_too_small");
    // What one exchange pays is capped like any amount that enters, whatever the price makes of a valid amount.
    if (gross.gte(AMOUNT_LIMIT)) {
      throw new Refusal("exchange_amount_too_large", { max: toAmount(AMOUNT_LIMIT), currency: to.code });
    }
    const available = await ledger.balance({ userId, currency: from.code, kind: "available" });
    if (new Money(available).lt(amount)) throw new Refusal("insufficient_balance", { currency: from.code });
    const now = this.clock.now();
    const row: QuoteRow = {
      id: randomBytes(18).toString("base64url"),
      userId,
      fromCurrency: from.code,
      toCurrency: to.code,
      amount: toAmount(amount),
      price: toAmount(price),
      feeRate: toAmount(feeRate),
      fee: toAmount(fee),
      receive: toAmount(receive),
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
      usedAt: null,
    };
    await repo.insertQuote(this.db, row);
    return this.quoteView(row);
  }

  exchangeView(e: ExchangeRow): z.infer<typeof exchange> {
    return {
      id: e.id,
      from: e.fromCurrency,
      to: e.toCurrency,
      amount: toAmount(e.amount),
      price: toAmount(e.price),
      fee: toAmount(e.fee),
      receive: toAmount(e.receive),
      created_at: e.createdAt.toISOString(),
    };
  }

  /**
   * Executes a quote of the caller's, once and before it expires, as ONE journal entry over both currencies: the
   * user pays `amount` of `from` to the house, the house pays `receive` of `to` to the user and `fee` to fees.
   */
  async executeExchange(userId: number, quoteId: string) {
    const { ledger } = this.deps;
    return ledger.transaction(async (tx) => {
      const q = await repo.lockQuote(tx, quoteId);
      // Someone else's quote looks exactly like none.
      if (!q || q.userId !== userId) throw new Refusal("exchange_quote_not_found");
      if (q.usedAt) throw new Refusal("exchange_quote_used");
      const now = this.clock.now();
      if (q.expiresAt.getTime() <= now.getTime()) throw new Refusal("exchange_quote_expired");
      const fee = new Money(q.fee);
      const receive = new Money(q.receive);
      const row = await repo.insertExchange(tx, {
        userId,
        quoteId: q.id,
        fromCurrency: q.fromCurrency,
        toCurrency: q.toCurrency,
        amount: q.amount,
        price: q.price,
        fee: q.fee,
        receive: q.receive,
        createdAt: now,
      });
      await ledger.post(tx, {
        type: "exchange",
        idempotencyKey: `exchange:${q.id}`,
        ref: { type: "exchange", id: row.id },
        postings: [
          {
            account: { userId, currency: q.fromCurrency, kind: "available" },
            amount: toAmount(new Money(q.amount).neg()),
          },
          { account: { system: "house", currency: q.fromCurrency }, amount: toAmount(q.amount) },
          { account: { system: "house", currency: q.toCurrency }, amount: toAmount(receive.plus(fee).neg()) },
          { account: { userId, currency: q.toCurrency, kind: "available" }, amount: toAmount(receive) },
          ...(fee.isZero()
            ? []
            : [{ account: { system: "fees" as const, currency: q.toCurrency }, amount: toAmount(fee) }]),
        ],
      });
      await repo.markQuoteUsed(tx, q.id, now);
      return this.exchangeView(row);
    });
  }

  async exchanges(userId: number, page: number, list: number): Promise<Paged<z.infer<typeof exchange>>> {
    const { items, total } = await repo.listExchanges(this.db, userId, list, (page - 1) * list);
    return { items: items.map((e) => this.exchangeView(e)), total, page, list };
  }
}
