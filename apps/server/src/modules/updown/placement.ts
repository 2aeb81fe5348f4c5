import { amountIssue, type Direction } from "@cryptos/contract";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { PairRef } from "./market-reader";
import type { NewOrder, SettingRow } from "./repo";

/** A pair whose last recorded tick is older than this cannot take orders: nobody trades on a stale price. */
export const STALE_MARKET_MS = 5_000;

export interface PlaceOrder {
  productid: number;
  direction: Direction;
  amount: string;
  seconds: number;
}

/** A placement as it arrived: who, what, and when it was accepted. */
export interface Placement {
  userId: number;
  input: PlaceOrder;
  at: Date;
}

/** A pair's terms and market as one batch of placements sees them; no setting when the pair takes no orders. */
export interface PairMarket {
  setting: SettingRow | undefined;
  pair: PairRef | undefined;
  /** Decimals of the stake's currency. */
  decimals: number;
  /** No tick in the last STALE_MARKET_MS. */
  stale: boolean;
}

/** Checks one placement against its pair's terms; the order to write, or a refusal that names what is wrong. */
export function newOrder(userId: number, input: PlaceOrder, at: Date, market: PairMarket): NewOrder {
  const { setting, pair } = market;
  if (!setting || !pair) throw new Refusal("updown_pair_unavailable");
  const term = setting.terms.find((t) => t.seconds === input.seconds);
  if (!term) {
    throw new Refusal("updown_term_unknown", { options: setting.terms.map((t) => `${t.seconds}s`).join(", ") });
  }
  const amount = new Money(input.amount);
  // The contract's amount rule, which the order sheet applies as the user types (the balance is the ledger's).
  const issue = amountIssue(input.amount, {
    decimals: market.decimals,
    min: toAmount(setting.minAmount),
    max: toAmount(setting.maxAmount),
  });
  if (issue === "too_many_decimals") {
    throw new Refusal("updown_amount_decimals", {
      decimals: market.decimals,
      count: market.decimals,
      currency: setting.currency,
    });
  }
  if (issue === "below_min" || issue === "above_max") {
    throw new Refusal("updown_amount_range", {
      min: toAmount(setting.minAmount),
      max: toAmount(setting.maxAmount),
      currency: setting.currency,
    });
  }
  if (market.stale) throw new Refusal("updown_market_stale");
  return {
    userId,
    pairId: pair.id,
    symbol: pair.symbol,
    direction: input.direction,
    amount: toAmount(amount),
    currency: setting.currency,
    seconds: term.seconds,
    payoutRate: term.payout_rate,
    acceptedAt: at,
    settleAt: new Date(at.getTime() + term.seconds * 1000),
  };
}
