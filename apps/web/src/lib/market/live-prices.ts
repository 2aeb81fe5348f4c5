import { routes } from "@cryptos/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { mergeTicksIntoLists, mergeTicksIntoPairs, useLiveTicks, useRefetchEvery } from "@/lib/live";
import { FIGURES_REFRESH_MS, type PairDetail, type PairList } from "./pairs";

const LISTS: QueryKey = [routes.listPairs.path];
const PAIRS: QueryKey = [routes.getPair.path];
const CANDLES: QueryKey = [routes.getCandles.path];
const SPARKLINES: QueryKey = [routes.sparklines.path];
const FIGURE_KEYS = [LISTS, PAIRS];
/** A pair's answer is keyed pairKey(id): [path, { product_id }]. */
const productIdOf = (key: QueryKey) => (key[1] as { product_id?: number } | undefined)?.product_id;

export interface LivePricesOptions {
  /** How often the 24 h figures the ticks do not carry are read again (default FIGURES_REFRESH_MS). */
  figuresRefreshMs?: number;
}

/**
 * Follows the live prices of `pairIds` while the calling screen is mounted: every cached pair list and pair answer
 * takes each tick, so every screen shows the live price. The 24 h figures are read again every
 * `figuresRefreshMs`, and after a reconnection the prices and candles are read once more over HTTP (ticks sent
 * while the socket was down are lost). The connection's state is `useLiveStatus`'s.
 */
export function useLivePrices(pairIds: readonly number[], options: LivePricesOptions = {}): void {
  const client = useQueryClient();
  useRefetchEvery(FIGURE_KEYS, pairIds.length > 0 && (options.figuresRefreshMs ?? FIGURES_REFRESH_MS));
  useLiveTicks(
    pairIds,
    (ticks) => {
      mergeTicksIntoLists<PairList>(client, LISTS, ticks);
      mergeTicksIntoPairs<PairDetail>(client, PAIRS, ticks, productIdOf);
    },
    {
      onReconnected: () => {
        for (const queryKey of [LISTS, PAIRS, CANDLES, SPARKLINES]) void client.invalidateQueries({ queryKey });
      },
    },
  );
}
