import { type AlertDirection, MAX_ACTIVE_PRICE_ALERTS, type Paged, type priceAlert } from "@cryptos/contract";
import { significantDecimals } from "@cryptos/contract/decimal";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { MessagesService } from "../messages/service";
import * as repo from "./repo";

type PriceAlertView = z.infer<typeof priceAlert>;

/** What alerts read of the market: a pair and its latest recorded price. */
export interface AlertMarket {
  pair(pairId: number): Promise<{ id: number; symbol: string; enabled: boolean; priceDecimals: number } | undefined>;
  latestTick(pairId: number): Promise<{ price: string } | undefined | null>;
}

/** One recorded tick, as the feed hands its batch over. */
export interface RecordedTick {
  pairId: number;
  price: string;
}

/**
 * Price alerts: "tell me when BTC/USDT reaches X". An alert is set on the side of the level the price is not on
 * yet (`above` needs the latest price below the level, `below` above it), so the first recorded price at or beyond
 * the level is the crossing: every earlier tick stayed on the starting side, or it would have fired already. The
 * feed checks after each batch it records; the alert is marked triggered by a conditional UPDATE in the
 * transaction that writes the user's message and the live event, so it fires exactly once with any number of
 * instances, and a batch missed (a crash between recording and checking) is caught by the next one while the
 * price stays beyond the level.
 */
export class PriceAlertsService {
  private readonly symbols = new Map<number, { symbol: string; priceDecimals: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly market: AlertMarket,
    private readonly messages: MessagesService,
  ) {}

  private async pairInfo(pairId: number) {
    const known = this.symbols.get(pairId);
    if (known) return known;
    const pair = await this.market.pair(pairId);
    const info = { symbol: pair?.symbol ?? `#${pairId}`, priceDecimals: pair?.priceDecimals ?? 8 };
    if (pair) this.symbols.set(pairId, info);
    return info;
  }

  private async views(rows: repo.PriceAlertRow[]): Promise<PriceAlertView[]> {
    const infos = new Map<number, { symbol: string }>();
    for (const id of new Set(rows.map((r) => r.pairId))) infos.set(id, await this.pairInfo(id));
    return rows.map((r) => ({
      id: r.id,
      productid: r.pairId,
      symbol: infos.get(r.pairId)?.symbol ?? "",
      direction: r.direction as AlertDirection,
      level: toAmount(r.level),
      price_at_creation: toAmount(r.priceAtCreation),
      status: r.status as PriceAlertView["status"],
      created_at: r.createdAt.toISOString(),
      triggered_at: r.triggeredAt?.toISOString() ?? null,
      triggered_price: r.triggeredPrice === null ? null : toAmount(r.triggeredPrice),
    }));
  }

  async list(
    userId: number,
    filter: { productid?: number | undefined; status?: string | undefined },
    page: number,
    list: number,
  ): Promise<Paged<PriceAlertView>> {
    const { items, total } = await repo.listForUser(
      this.db,
      userId,
      { pairId: filter.productid, status: filter.status },
      list,
      (page - 1) * list,
    );
    return { items: await this.views(items), total, page, list };
  }

  async add(
    userId: number,
    input: { productid: number; direction: AlertDirection; price: string },
  ): Promise<PriceAlertView> {
    const pair = await this.market.pair(input.productid);
    if (!pair?.enabled) throw new Refusal("market_pair_not_found");
    const level = new Money(input.price);
    if (significantDecimals(level.toFixed()) > pair.priceDecimals) {
      throw new Refusal("price_alert_too_precise", {
        symbol: pair.symbol,
        decimals: pair.priceDecimals,
        count: pair.priceDecimals,
      });
    }
    const latest = await this.market.latestTick(pair.id);
    if (!latest) throw new Refusal("price_alert_no_price", { symbol: pair.symbol });
    const current = new Money(latest.price);
    const shown = { symbol: pair.symbol, price: current.toFixed(pair.priceDecimals) };
    if (input.direction === "above" && !level.gt(current)) throw new Refusal("price_alert_not_above", shown);
    if (input.direction === "below" && !level.lt(current)) throw new Refusal("price_alert_not_below", shown);
    const row = await withTransaction(this.db, async (tx) => {
      await repo.lockUserAlerts(tx, userId);
      if ((await repo.countActive(tx, userId)) >= MAX_ACTIVE_PRICE_ALERTS) {
        throw new Refusal("price_alert_limit", { max: MAX_ACTIVE_PRICE_ALERTS });
      }
      return repo.insertAlert(tx, {
        userId,
        pairId: pair.id,
        direction: input.direction,
        level: toAmount(level),
        priceAtCreation: toAmount(current),
        status: "active",
        createdAt: this.clock.now(),
      });
    });
    const [view] = await this.views([row]);
    return view as PriceAlertView;
  }

  async remove(userId: number, id: number): Promise<{ id: number }> {
    // Another user's alert looks exactly like none.
    if (!(await repo.deleteForUser(this.db, userId, id))) throw new Refusal("price_alert_not_found");
    return { id };
  }

  /**
   * After the feed recorded a batch: fires every active alert whose level the batch reached, each once, with a
   * message to its owner and a `price_alerts` event, in one transaction. Answers the alerts it fired.
   */
  async fireReached(ticks: readonly RecordedTick[]): Promise<PriceAlertView[]> {
    const ranges = new Map<number, repo.PairRange>();
    for (const t of ticks) {
      const r = ranges.get(t.pairId);
      if (!r) ranges.set(t.pairId, { pairId: t.pairId, high: t.price, low: t.price });
      else {
        r.high = Money.max(r.high, t.price).toFixed();
        r.low = Money.min(r.low, t.price).toFixed();
      }
    }
    if (ranges.size === 0) return [];
    // Read before the transaction: other modules' reads use their own connection (one, on PGlite).
    const infos = new Map<number, { symbol: string; priceDecimals: number }>();
    for (const pairId of ranges.keys()) infos.set(pairId, await this.pairInfo(pairId));
    const fired = await withTransaction(this.db, async (tx) => {
      const rows = await repo.triggerReached(tx, [...ranges.values()], this.clock.now());
      for (const row of rows) {
        const { symbol, priceDecimals } = infos.get(row.pairId) ?? { symbol: `#${row.pairId}`, priceDecimals: 8 };
        const params = {
          symbol,
          level: toAmount(row.level),
          price: new Money(row.triggeredPrice ?? row.level).toFixed(priceDecimals),
        };
        await this.messages.notify(
          tx,
          row.userId,
          row.direction === "above"
            ? { title: "price_alert_title", body: "price_alert_above_body", params }
            : { title: "price_alert_title", body: "price_alert_below_body", params },
        );
        await this.messages.announce(tx, row.userId, "price_alerts");
      }
      return rows;
    });
    return this.views(fired);
  }
}
