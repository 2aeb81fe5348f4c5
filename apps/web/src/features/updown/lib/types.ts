import type { Calls, DataOf, Pair } from "@cryptos/contract";

export type UpDownSetting = DataOf<Calls["miao"]>["items"][number];

/** A pair that takes up/down orders: its settings from `miao`, its price from `productlist` when listed there. */
export interface TradablePair {
  setting: UpDownSetting;
  pair: Pair | undefined;
}
