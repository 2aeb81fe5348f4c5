import {
  type adminStakingProduct,
  amountIssue,
  type DataOf,
  type Locale,
  type Paged,
  type StakingProduct,
  type stakingCalls,
  type stakingOrder,
} from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import type { stakingOrders, stakingProducts } from "../../db/schema/staking";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount, toCurrencyUnits } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { LedgerService } from "../ledger/service";
import type { MessagesService } from "../messages/service";
import { pickText } from "../messages/service";
import * as repo from "./repo";

const DAY_MS = 24 * 60 * 60 * 1000;
type ProductRow = typeof stakingProducts.$inferSelect;
type OrderRow = typeof stakingOrders.$inferSelect;
export type StakingOrderView = z.infer<typeof stakingOrder>;

export type AdminStakingProduct = z.infer<typeof adminStakingProduct>;

export interface SaveStakingProduct {
  id?: number | undefined;
  name: Record<string, string>;
  currency: string;
  daily_rate: string;
  days: number;
  min_amount: string;
  max_amount: string;
  quota: string;
  per_user_limit: string;
  enabled: boolean;
  sort: number;
}

export type StakingSummary = DataOf<typeof stakingCalls.getStakingSummary>;

/** Latest price of a currency in another, for valuing totals; null when no pair records one. */
export interface PriceReader {
  latestPrice(base: string, quote: string): Promise<string | null>;
}

export const VALUATION_CURRENCY = "USDT";

/**
 * Staking ("arbitrage"): principal moves to custody at subscription, interest of principal x daily rate is
 * credited once per elapsed full day, and at maturity the principal returns.
 */
export class StakingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly messages: MessagesService,
    private readonly prices: PriceReader,
  ) {}

  private async productView(p: ProductRow, custody: string | undefined, locale: Locale): Promise<StakingProduct> {
    const left = new Money(p.quota).minus(custody ?? "0");
    return {
      id: p.id,
      name: pickText(p.name, locale),
      currency: p.currency,
      decimals: (await this.ledger.currency(p.currency)).decimals,
      daily_rate: toAmount(p.dailyRate),
      days: p.days,
      min_amount: toAmount(p.minAmount),
      max_amount: toAmount(p.maxAmount),
      quota: toAmount(p.quota),
      quota_left: toAmount(Money.max(left, 0)),
      per_user_limit: toAmount(p.perUserLimit),
      enabled: p.enabled,
    };
  }

  orderView(o: OrderRow, name: Record<string, string>, locale: Locale): StakingOrderView {
    const next = o.status === "in_custody" ? new Date(o.subscribedAt.getTime() + (o.daysPaid + 1) * DAY_MS) : null;
    return {
      id: o.id,
      product_id: o.productId,
      product_name: pickText(name, locale),
      currency: o.currency,
      principal: toAmount(o.principal),
      daily_rate: toAmount(o.dailyRate),
      days: o.days,
      days_paid: o.daysPaid,
      earned: toAmount(o.earned),
      status: o.status as StakingOrderView["status"],
      next_payout_at: next?.toISOString() ?? null,
      matures_at: o.maturesAt.toISOString(),
      created_at: o.subscribedAt.toISOString(),
    };
  }

  async products(locale: Locale): Promise<StakingProduct[]> {
    const [rows, custody] = await Promise.all([repo.listProducts(this.db), repo.custodyByProduct(this.db)]);
    return Promise.all(rows.map((p) => this.productView(p, custody.get(p.id), locale)));
  }

  async product(id: number, locale: Locale): Promise<StakingProduct> {
    const p = await repo.findProduct(this.db, id);
    if (!p?.enabled) throw new Refusal("staking_product_not_found");
    const custody = await repo.custodyByProduct(this.db);
    return this.productView(p, custody.get(p.id), locale);
  }

  async summary(userId: number | null, locale: Locale): Promise<StakingSummary> {
    const products = await this.products(locale);
    const empty = { valuation_currency: VALUATION_CURRENCY, by_currency: [], products };
    if (userId === null) return { ...empty, total_earned: "0", today_earned: "0", in_custody: "0" };
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [totals, today] = await Promise.all([
      repo.userTotals(this.db, userId),
      this.ledger.userTotals(userId, "staking_interest", dayStart, new Date(dayStart.getTime() + DAY_MS)),
    ]);
    const byCurrency = totals.map((t) => ({
      currency: t.currency,
      total_earned: toAmount(t.earned),
      today_earned: today.get(t.currency) ?? "0",
      in_custody: toAmount(t.custody),
    }));
    const valued = { total_earned: new Money(0), today_earned: new Money(0), in_custody: new Money(0) };
    for (const row of byCurrency) {
      const rate =
        row.currency === VALUATION_CURRENCY ? "1" : await this.prices.latestPrice(row.currency, VALUATION_CURRENCY);
      // A currency no pair prices cannot be valued; it still shows, exactly, in by_currency.
      if (rate === null) continue;
      for (const key of ["total_earned", "today_earned", "in_custody"] as const) {
        valued[key] = valued[key].plus(new Money(row[key]).times(rate));
      }
    }
    const usdt = await this.ledger.currency(VALUATION_CURRENCY);
    const shown = (m: Money) => toAmount(m.toDecimalPlaces(usdt.decimals, Money.ROUND_DOWN));
    return {
      ...empty,
      by_currency: byCurrency,
      total_earned: shown(valued.total_earned),
      today_earned: shown(valued.today_earned),
      in_custody: shown(valued.in_custody),
    };
  }

  /** Subscribes `money` to a product: limits, quota and balance checked under the product's row lock. */
  async subscribe(userId: number, productId: number, money: string, locale: Locale): Promise<StakingOrderView> {
    const amount = new Money(money);
    const order = await withTransaction(this.db, async (tx) => {
      const p = await repo.lockProduct(tx, productId);
      if (!p?.enabled) throw new Refusal("staking_product_not_found");
      const currency = await this.ledger.currency(p.currency, tx);
      // The contract's amount rule, which the subscribe form applies as the user types.
      const issue = amountIssue(money, {
        decimals: currency.decimals,
        min: toAmount(p.minAmount),
        max: toAmount(p.maxAmount),
      });
      if (issue === "too_many_decimals") {
        throw new Refusal("staking_amount_decimals", {
          decimals: currency.decimals,
          count: currency.decimals,
          currency: p.currency,
        });
      }
      if (issue === "below_min" || issue === "above_max") {
        throw new Refusal("staking_amount_range", {
          min: toAmount(p.minAmount),
          max: toAmount(p.maxAmount),
          currency: p.currency,
        });
      }
      const all = await repo.custodyByProduct(tx);
      const left = new Money(p.quota).minus(all.get(p.id) ?? "0");
      if (amount.gt(left))
        throw new Refusal("staking_quota_exceeded", { left: toAmount(Money.max(left, 0)), currency: p.currency });
      const mine = await repo.custodyByProduct(tx, userId);
      const room = new Money(p.perUserLimit).minus(mine.get(p.id) ?? "0");
      if (amount.gt(room)) {
        throw new Refusal("staking_user_limit", { limit: toAmount(p.perUserLimit), currency: p.currency });
      }
      const now = this.clock.now();
      const row = await repo.insertOrder(tx, {
        userId,
        productId: p.id,
        currency: p.currency,
        principal: toAmount(amount),
        dailyRate: p.dailyRate,
        days: p.days,
        status: "in_custody",
        subscribedAt: now,
        maturesAt: new Date(now.getTime() + p.days * DAY_MS),
      });
      await this.ledger.post(tx, {
        type: "staking_subscribe",
        idempotencyKey: `staking:${row.id}:subscribe`,
        ref: { type: "staking_order", id: row.id },
        postings: [
          { account: { userId, currency: p.currency, kind: "available" }, amount: amount.negated() },
          { account: { userId, currency: p.currency, kind: "custody" }, amount },
        ],
      });
      return { row, name: p.name };
    });
    return this.orderView(order.row, order.name, locale);
  }

  async orders(
    userId: number,
    status: string | undefined,
    page: number,
    list: number,
    locale: Locale,
  ): Promise<Paged<StakingOrderView>> {
    const { items, total } = await repo.userOrders(this.db, userId, status, list, (page - 1) * list);
    return { items: items.map((i) => this.orderView(i.order, i.name, locale)), total, page, list };
  }

  /** One keyset page of a user's orders, newest first, as `orders` shows them (the statements export pages this). */
  async ordersBefore(page: KeysetPage, locale: Locale): Promise<StakingOrderView[]> {
    return (await repo.userOrdersBefore(this.db, page)).map((r) => this.orderView(r.order, r.name, locale));
  }

  /**
   * Pays every fully elapsed, unpaid day of due orders, and returns the principal of matured ones. Each order is
   * handled in its own transaction under `FOR UPDATE SKIP LOCKED`, and each day's entry has its own idempotency
   * key, so any number of workers can run this at once and a crash mid-way repeats nothing. After downtime every
   * missed day is paid exactly once. Returns the number of orders touched.
   */
  // ---- the operator console: products for future subscriptions; a running order keeps its own terms ----------

  async adminProducts(): Promise<AdminStakingProduct[]> {
    return (await repo.listAllProducts(this.db)).map((p) => this.adminView(p));
  }

  /** Validates and stores a product inside the caller's transaction; answers the row before and after. */
  async saveProduct(tx: Tx, input: SaveStakingProduct) {
    if (!input.name.en?.trim()) throw new Refusal("console_name_en_required");
    await this.ledger.currency(input.currency, tx);
    if (new Money(input.min_amount).gt(input.max_amount)) throw new Refusal("console_limits_order");
    if (!new Money(input.daily_rate).gt(0)) throw new Refusal("console_rate_positive");
    const values = {
      name: input.name,
      currency: input.currency,
      dailyRate: input.daily_rate,
      days: input.days,
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      quota: input.quota,
      perUserLimit: input.per_user_limit,
      enabled: input.enabled,
      sort: input.sort,
    };
    if (input.id === undefined) return { before: null, after: this.adminView(await repo.insertProduct(tx, values)) };
    const before = await repo.lockProduct(tx, input.id);
    if (!before) throw new Refusal("console_product_not_found", { id: input.id });
    const after = await repo.updateProduct(tx, input.id, values);
    return { before: this.adminView(before), after: this.adminView(after!) };
  }

  private adminView(p: ProductRow): AdminStakingProduct {
    return {
      id: p.id,
      name: p.name,
      currency: p.currency,
      daily_rate: toAmount(p.dailyRate),
      days: p.days,
      min_amount: toAmount(p.minAmount),
      max_amount: toAmount(p.maxAmount),
      quota: toAmount(p.quota),
      per_user_limit: toAmount(p.perUserLimit),
      enabled: p.enabled,
      sort: p.sort,
    };
  }

  async accrueDue(batchSize = 100): Promise<number> {
    let touched = 0;
    for (;;) {
      const handled = await withTransaction(this.db, async (tx) => {
        const now = this.clock.now();
        const due = await repo.lockDueOrders(tx, now, batchSize);
        for (const order of due) await this.accrueOrder(tx, order, now);
        return due.length;
      });
      touched += handled;
      if (handled < batchSize) return touched;
    }
  }

  private async accrueOrder(tx: Tx, order: OrderRow, now: Date) {
    const currency = await this.ledger.currency(order.currency, tx);
    const interest = toCurrencyUnits(new Money(order.principal).times(order.dailyRate), currency.decimals);
    const elapsedDays = Math.min(order.days, Math.floor((now.getTime() - order.subscribedAt.getTime()) / DAY_MS));
    let daysPaid = order.daysPaid;
    let earned = new Money(order.earned);
    for (let day = daysPaid + 1; day <= elapsedDays; day++) {
      if (interest.gt(0)) {
        await this.ledger.post(tx, {
          type: "staking_interest",
          idempotencyKey: `staking:${order.id}:day:${day}`,
          ref: { type: "staking_order", id: order.id },
          postings: [
            { account: { system: "house", currency: order.currency }, amount: interest.negated() },
            { account: { userId: order.userId, currency: order.currency, kind: "available" }, amount: interest },
          ],
        });
      }
      earned = earned.plus(interest);
      daysPaid = day;
    }
    const matured = daysPaid >= order.days;
    if (matured) {
      await this.ledger.post(tx, {
        type: "staking_principal",
        idempotencyKey: `staking:${order.id}:principal`,
        ref: { type: "staking_order", id: order.id },
        postings: [
          {
            account: { userId: order.userId, currency: order.currency, kind: "custody" },
            amount: new Money(order.principal).negated(),
          },
          { account: { userId: order.userId, currency: order.currency, kind: "available" }, amount: order.principal },
        ],
      });
      await this.messages.notify(tx, order.userId, {
        title: "staking_matured_title",
        body: "staking_matured_body",
        params: { principal: toAmount(order.principal), earned: toAmount(earned), currency: order.currency },
      });
    }
    await repo.updateOrder(tx, order.id, {
      daysPaid,
      earned: toAmount(earned),
      ...(matured ? { status: "settled", settledAt: now } : {}),
    });
  }
}
