import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type LiveStatus, mergeTicksIntoLists, mergeTicksIntoPairs, useLiveTicks, useRefetchEvery } from "@/lib/live";
import { pairKey } from "../api/get-pair";
import { FIGURES_REFRESH_MS, pairsKeyPrefix } from "../api/get-pairs";

type PairList = DataOf<Calls["productlist"]>;
type PairDetail = DataOf<Calls["productshow"]>;
const PAIR_KEY_PREFIX = pairKey(undefined).slice(0, 2);
const FIGURE_KEYS = [pairsKeyPrefix, PAIR_KEY_PREFIX];
/** A pair's answer is keyed pairKey(id): ["updown", "pair", id]. */
const productIdOf = (key: QueryKey) => (typeof key[2] === "number" ? key[2] : undefined);

/**
 * The Trade screen's and the order's prices follow live ticks while shown: each tick lands in the cached pair list
 * (the picker) and the pair's own answer (the price, the chart's last candle, the order sheet). After a
 * reconnection prices and candles are read once more over HTTP; the 24 h change every FIGURES_REFRESH_MS.
 */
export function useLivePrices(pairIds: readonly number[]): LiveStatus {
  const client = useQueryClient();
  useRefetchEvery(FIGURE_KEYS, pairIds.length > 0 && FIGURES_REFRESH_MS);
  return useLiveTicks(
    pairIds,
    (ticks) => {
      mergeTicksIntoLists<PairList>(client, pairsKeyPrefix, ticks);
      mergeTicksIntoPairs<PairDetail>(client, PAIR_KEY_PREFIX, ticks, productIdOf);
    },
    {
      onReconnected: () => {
        void client.invalidateQueries({ queryKey: PAIR_KEY_PREFIX });
        void client.invalidateQueries({ queryKey: pairsKeyPrefix });
        void client.invalidateQueries({ queryKey: [routes.getkdata.path] });
      },
    },
  );
}
