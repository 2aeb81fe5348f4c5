import type { Calls, DataOf, Pair } from "@cryptos/contract";

export type UpDownSetting = DataOf<Calls["listUpDownSettings"]>["items"][number];

/** A pair that takes up/down orders: its settings from `listUpDownSettings`, its price from `listPairs` when listed there. */
export interface TradablePair {
  setting: UpDownSetting;
  pair: Pair | undefined;
}
