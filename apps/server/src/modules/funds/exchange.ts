import { randomBytes } from "node:crypto";
import { type exchange, type exchangeQuote, type Paged, QUOTE_TTL_S } from "@cryptos/contract";
import Decimal from "decimal.js";
import type { z } from "zod";
import type { Db } from "../../db/client";
import type { exchangeQuotes, exchanges } from "../../db/schema/funds";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { AMOUNT_LIMIT, Money, toAmount, toCurrencyUnits } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { LedgerService } from "../ledger/service";
import { checkPrecision } from "./amounts";
import * as repo from "./repo";
import type { FundsSettingsService } from "./settings";

type QuoteRow = typeof exchangeQuotes.$inferSelect;
type ExchangeRow = typeof exchanges.$inferSelect;

const QUOTE_TTL_MS = QUOTE_TTL_S * 1000;

/** The latest traded price of `base` in `quote` (e.g. BTC in USDT), or null when there is none. */
export interface LatestPrices {
  latestPrice(base: string, quote: string): Promise<Decimal.Value | null>;
}

export interface ExchangeDeps {
  ledger: LedgerService;
  prices: LatestPrices;
  settings: FundsSettingsService;
}

/** Exchange between currencies: a quote held for QUOTE_TTL_S, executed once as one entry over both currencies. */
export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: ExchangeDeps,
  ) {}

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
    const feeRate = new Money((await this.deps.settings.settings()).exchange_fee_rate);
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
    return withTransaction(this.db, async (tx) => {
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
