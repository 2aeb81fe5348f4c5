import type { Direction, Paged, UpDownOrder, UpDownResult, UpDownStatus, upDownSetting } from "@cryptos/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { KeysetPage } from "../../db/keyset";
import { withTransaction } from "../../db/transaction";
import { Batcher } from "../../lib/batcher";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { EntryInput, LedgerService } from "../ledger/service";
import type { MarketReader, TickRef } from "./market-reader";
import { newOrder, type PairMarket, type Placement, type PlaceOrder, STALE_MARKET_MS } from "./placement";
import type { ReceiptSigner } from "./receipt-key";
import { type ReceiptKeys, receiptPayload, settlementPayload, signedOf } from "./receipts";
import type { NewOrder, OrderRow, StatusFilter } from "./repo";
import * as repo from "./repo";
import { outcome, payout } from "./rules";
import { UpDownTerms } from "./terms";

/** Settlement waits this long past settle_at, so a tick recorded for that instant has surely been stored. */
export const SETTLE_GRACE_MS = 1_000;

export type UpDownSetting = z.infer<typeof upDownSetting>;

const tickView = (t: TickRef | undefined | null) =>
  t ? { id: t.id, price: toAmount(t.price), at: t.at.toISOString() } : null;

/** Up/down ("second contract") orders: placement, and settlement exactly once from recorded ticks. */
export class UpDownService {
  /** Placements that arrive together are written in one transaction (see placeBatch). */
  private readonly placements = new Batcher<Placement, OrderRow>((placements) => this.placeBatch(placements));

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly market: MarketReader,
    /** The key that signs each order's receipt and settlement (decision 145). */
    readonly receipts: ReceiptKeys,
  ) {
    this.terms = new UpDownTerms(db, market);
  }

  /** The operator console's half: the terms future orders are accepted on. */
  readonly terms: UpDownTerms;

  /** The ids of the ticks orders rest on (a subquery), which the market keeps past its raw-tick retention. */
  /** What users have staked on orders not yet settled, per user and currency; inside a transaction pass its `tx`. */
  openStakes(conn: Db | Tx = this.db): Promise<{ userId: number; currency: string; total: string }[]> {
    return repo.openStakes(conn);
  }

  orderTickIds() {
    return repo.orderTickIds();
  }

  async settings(): Promise<UpDownSetting[]> {
    const rows = await repo.listTradableSettings(this.db);
    return rows.map(({ setting: s, symbol, decimals }) => ({
      productid: s.pairId,
      symbol,
      currency: s.currency,
      decimals,
      min_amount: toAmount(s.minAmount),
      max_amount: toAmount(s.maxAmount),
      terms: [...s.terms].sort((a, b) => a.seconds - b.seconds),
    }));
  }

  async place(userId: number, input: PlaceOrder): Promise<UpDownOrder> {
    const order = await this.placements.submit({ userId, input, at: this.clock.now() });
    return this.view(order, undefined);
  }

  /**
   * Checks and writes the placements that arrived together. The terms, pair, currency and freshness of the
   * market are read once per pair for the whole batch; each placement is then checked on its own (a refusal
   * refuses only that one). The accepted orders and the journal entries that debit them share one transaction,
   * which is what lets placement keep up with many concurrent traders. When one of them cannot be paid (the
   * balance went while it waited), that transaction is rolled back and each order is written alone, so only
   * that one is refused.
   */
  private async placeBatch(placements: Placement[]): Promise<PromiseSettledResult<OrderRow>[]> {
    const markets = new Map<number, Promise<PairMarket>>();
    for (const { input, at } of placements) {
      if (!markets.has(input.productid)) markets.set(input.productid, this.pairMarket(input.productid, at));
    }
    const checked = await Promise.all(
      placements.map(async ({ userId, input, at }) => {
        try {
          return { order: newOrder(userId, input, at, await (markets.get(input.productid) as Promise<PairMarket>)) };
        } catch (error) {
          return { error };
        }
      }),
    );
    const orders = checked.flatMap((c) => (c.order ? [c.order] : []));
    const written = orders.length ? await this.writeOrders(orders, await this.receipts.signer()) : [];
    let next = 0;
    return checked.map((c) =>
      c.order ? (written[next++] as PromiseSettledResult<OrderRow>) : { status: "rejected", reason: c.error },
    );
  }

  /** What a placement on `pairId` is checked against, read once per batch. */
  private async pairMarket(pairId: number, at: Date): Promise<PairMarket> {
    const freshSince = new Date(at.getTime() - STALE_MARKET_MS);
    const [setting, pair, lastTickAt] = await Promise.all([
      repo.findSetting(this.db, pairId),
      this.market.pair(pairId),
      this.market.lastTickAt(pairId, freshSince),
    ]);
    if (!setting?.enabled || !pair?.enabled) return { setting: undefined, pair: undefined, decimals: 0, stale: true };
    const currency = await this.ledger.currency(setting.currency);
    const stale = !lastTickAt || lastTickAt < freshSince;
    return { setting, pair, decimals: currency.decimals, stale };
  }

  private async writeOrders(orders: NewOrder[], signer: ReceiptSigner): Promise<PromiseSettledResult<OrderRow>[]> {
    if (orders.length > 1) {
      try {
        const rows = await withTransaction(this.db, (tx) => this.insertWithStakes(tx, orders, signer));
        return rows.map((value) => ({ status: "fulfilled", value }));
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
      }
    }
    return Promise.allSettled(
      orders.map((order) =>
        withTransaction(this.db, async (tx) => (await this.insertWithStakes(tx, [order], signer))[0] as OrderRow),
      ),
    );
  }

  /**
   * Writes the orders with their signed receipts and debits their stakes. Each receipt names its pair's head as read
   * in this transaction: the entry is the first tick after it, one nobody could have seen when the order was taken.
   */
  private async insertWithStakes(tx: Tx, orders: NewOrder[], signer: ReceiptSigner): Promise<OrderRow[]> {
    const heads = await this.market.heads([...new Set(orders.map((o) => o.pairId))], tx);
    const ids = await repo.nextOrderIds(tx, orders.length);
    const signed = orders.map((order, i) => {
      const id = ids[i] as number;
      const after = heads.get(order.pairId) as { id: number; hash: string };
      const receipt = signer.sign(receiptPayload(signer.keyId, id, order, after));
      return {
        ...order,
        id,
        afterTickId: after.id,
        receiptPayload: receipt.payload,
        receiptSignature: receipt.signature,
      };
    });
    const rows = await repo.insertOrders(tx, signed);
    await this.ledger.postMany(
      tx,
      rows.map((row) => {
        const amount = new Money(row.amount);
        return {
          type: "updown_stake",
          idempotencyKey: `updown:${row.id}:stake`,
          ref: { type: "updown_order", id: row.id },
          postings: [
            { account: { userId: row.userId, currency: row.currency, kind: "available" }, amount: amount.negated() },
            { account: { system: "house", currency: row.currency }, amount },
          ],
        };
      }),
    );
    return rows;
  }

  async order(userId: number, id: number): Promise<UpDownOrder> {
    const row = await repo.findUserOrder(this.db, userId, id);
    if (!row) throw new Refusal("updown_order_not_found");
    const [view] = await this.views([row]);
    return view!;
  }

  async orders(
    userId: number,
    status: UpDownStatus | undefined,
    page: number,
    list: number,
  ): Promise<Paged<UpDownOrder>> {
    const filter: StatusFilter =
      status === "settled"
        ? "settled"
        : status === "awaiting_settlement"
          ? "awaiting_settlement"
          : status
            ? "open"
            : undefined;
    const { items, total } = await repo.userOrders(this.db, userId, filter, this.clock.now(), list, (page - 1) * list);
    let views = await this.views(items);
    // "awaiting entry" and "trading" share one query; the entry tick tells them apart.
    if (status === "awaiting_entry" || status === "trading") views = views.filter((v) => v.status === status);
    return { items: views, total, page, list };
  }

  /** The ticks recorded between an order's entry and exit, for anyone who wants to check the result. */
  async ticks(userId: number, id: number) {
    const order = await this.order(userId, id);
    if (!order.entry || !order.exit) return { items: [] };
    const ticks = await this.market.ticksBetween(order.productid, order.entry.id, order.exit.id, 1000);
    return { items: ticks.map((t) => tickView(t)!) };
  }

  /** One keyset page of a user's orders, newest first, as `orders` shows them (the statements export pages this). */
  async ordersBefore(page: KeysetPage): Promise<UpDownOrder[]> {
    return this.views(await repo.ordersBefore(this.db, page));
  }

  async views(rows: OrderRow[]): Promise<UpDownOrder[]> {
    const open = rows.filter((r) => !r.settledAt);
    const windows = await this.market.entryAndExit(open);
    return rows.map((r) => this.view(r, windows.get(r.id)?.entry));
  }

  private view(r: OrderRow, pendingEntry: TickRef | undefined): UpDownOrder {
    const now = this.clock.now();
    const entry: TickRef | undefined =
      r.entryTickId && r.entryPrice && r.entryAt
        ? { id: r.entryTickId, price: r.entryPrice, at: r.entryAt }
        : pendingEntry;
    const exit: TickRef | undefined =
      r.exitTickId && r.exitPrice && r.exitAt ? { id: r.exitTickId, price: r.exitPrice, at: r.exitAt } : undefined;
    const status: UpDownStatus = r.settledAt
      ? "settled"
      : now < r.settleAt
        ? entry
          ? "trading"
          : "awaiting_entry"
        : "awaiting_settlement";
    const paid = r.payout === null ? null : new Money(r.payout);
    return {
      id: r.id,
      productid: r.pairId,
      symbol: r.symbol,
      direction: r.direction as Direction,
      amount: toAmount(r.amount),
      currency: r.currency,
      seconds: r.seconds,
      payout_rate: toAmount(r.payoutRate),
      status,
      result: (r.result as UpDownResult | null) ?? null,
      entry: tickView(entry),
      exit: tickView(exit),
      payout: paid ? toAmount(paid) : null,
      profit: paid ? toAmount(paid.minus(r.amount)) : null,
      accepted_at: r.acceptedAt.toISOString(),
      settle_at: r.settleAt.toISOString(),
      settled_at: r.settledAt?.toISOString() ?? null,
      receipt: signedOf(r.receiptPayload, r.receiptSignature),
      settlement: signedOf(r.settlementPayload, r.settlementSignature),
    };
  }

  /**
   * Settles every due order: one transaction per batch, `FOR UPDATE SKIP LOCKED` so any number of instances can
   * run it, a state check in the UPDATE and an idempotency key on the ledger entry so nothing is paid twice,
   * whatever crashes in between. Returns how many orders it settled.
   */
  /** Orders unsettled although they fell due before `dueBefore`, and the oldest one's settle time (health probe). */
  overdueOrders(dueBefore: Date): Promise<{ count: number; oldest: Date | null }> {
    return repo.overdueOrders(this.db, dueBefore);
  }

  /** Orders past their settle time and not yet settled, and the oldest one's age in seconds (metrics, alerts). */
  async overdue(): Promise<{ count: number; oldestAgeSeconds: number }> {
    const now = this.clock.now();
    const { count, oldest } = await repo.overdueOrders(this.db, now);
    return { count, oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0 };
  }

  async settleDue(batchSize = 500): Promise<number> {
    const signer = await this.receipts.signer();
    let settled = 0;
    for (;;) {
      const n = await withTransaction(this.db, async (tx) => {
        const now = this.clock.now();
        const due = await repo.lockDueOrders(tx, new Date(now.getTime() - SETTLE_GRACE_MS), batchSize);
        if (due.length === 0) return 0;
        const windows = await this.market.entryAndExit(due, tx);
        await this.settleBatch(tx, due, windows, now, signer);
        return due.length;
      });
      settled += n;
      if (n < batchSize) return settled;
    }
  }

  /**
   * Settles a locked batch with a fixed number of statements: the currencies looked up once, every order marked by
   * one UPDATE that only touches rows still unsettled, every payout and refund posted by one `postMany` (idempotency
   * key `updown:<id>:settle`). All in the batch's transaction: anything short of the whole batch rolls it all back.
   */
  private async settleBatch(
    tx: Tx,
    due: OrderRow[],
    windows: Map<number, { entry?: TickRef; exit?: TickRef }>,
    now: Date,
    signer: ReceiptSigner,
  ) {
    const decimals = new Map<string, number>();
    for (const code of new Set(due.map((o) => o.currency))) {
      decimals.set(code, (await this.ledger.currency(code, tx)).decimals);
    }
    const entries: EntryInput[] = [];
    const marks: repo.SettledMark[] = [];
    for (const order of due) {
      const { entry, exit } = windows.get(order.id) ?? {};
      // No tick recorded inside the order's window: nobody can say who won, so the amount goes back.
      const result: UpDownResult =
        entry && exit ? outcome(order.direction as Direction, entry.price, exit.price) : "tie";
      const paid = payout(result, order.amount, order.payoutRate, decimals.get(order.currency) as number);
      if (new Money(paid).gt(0)) {
        entries.push({
          type: result === "win" ? "updown_payout" : "updown_refund",
          idempotencyKey: `updown:${order.id}:settle`,
          ref: { type: "updown_order", id: order.id },
          postings: [
            { account: { system: "house", currency: order.currency }, amount: new Money(paid).negated() },
            { account: { userId: order.userId, currency: order.currency, kind: "available" }, amount: paid },
          ],
        });
      }
      // Orders placed before receipts keep their rule and get no signed settlement (decision 146).
      const settlement = order.receiptPayload
        ? signer.sign(settlementPayload(signer.keyId, order, { entry, exit }, result, paid, now))
        : undefined;
      marks.push({
        id: order.id,
        entryTickId: entry?.id ?? null,
        entryPrice: entry?.price ?? null,
        entryAt: entry?.at ?? null,
        exitTickId: exit?.id ?? null,
        exitPrice: exit?.price ?? null,
        exitAt: exit?.at ?? null,
        result,
        payout: paid,
        settlementPayload: settlement?.payload ?? null,
        settlementSignature: settlement?.signature ?? null,
      });
    }
    // The orders first: the house account, which every batch shares, is then held only for the postings.
    const marked = await repo.markSettledMany(tx, marks, now);
    if (marked !== marks.length) {
      throw new Error(`up/down settlement marked ${marked} of ${marks.length} locked orders; batch rolled back`);
    }
    await this.ledger.postMany(tx, entries);
  }

  /** One user's orders for the console, newest first: read only. */
  async ordersOf(userId: number, page: number, list: number): Promise<Paged<UpDownOrder>> {
    return this.orders(userId, undefined, page, list);
  }

  unsettledCount() {
    return repo.countUnsettled(this.db);
  }
}
