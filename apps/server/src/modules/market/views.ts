import type { adminPair } from "@cryptos/contract";
import type { z } from "zod";
import { fixedDown, Money } from "../../lib/decimal";
import type { CandleRow } from "./candles-repo";
import type { PairRow } from "./repo";

/* How the market's rows read in its answers. */

export interface CandleView {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** A stored candle at its pair's precision; `line` gives open, high and low the close. */
export function candleView(r: CandleRow, pair: PairRow, type: "candle" | "line"): CandleView {
  const d = pair.priceDecimals;
  const c = fixedDown(r.c, d);
  const v = fixedDown(r.v, pair.qtyDecimals);
  if (type === "line") return { t: r.t, o: c, h: c, l: c, c, v };
  return { t: r.t, o: fixedDown(r.o, d), h: fixedDown(r.h, d), l: fixedDown(r.l, d), c, v };
}

/** Percent change from `open` to `price`, two decimals; null without a 24 h open. */
export function changePercent(price: string | null, open: string | undefined): string | null {
  if (price === null || open === undefined) return null;
  const o = new Money(open);
  if (o.isZero()) return null;
  return new Money(price).minus(o).div(o).times(100).toFixed(2);
}

export type AdminPair = z.infer<typeof adminPair>;
export const adminPairView = (p: PairRow): AdminPair => ({
  id: p.id,
  symbol: p.symbol,
  base: p.base,
  quote: p.quote,
  product_type: p.productType,
  enabled: p.enabled,
  sort: p.sort,
});
