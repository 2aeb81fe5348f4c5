import { routes } from "@cryptos/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type LiveStatus, mergeTicksIntoLists, mergeTicksIntoPairs, useLiveTicks, useRefetchEvery } from "@/lib/live";
import type { ProductList } from "../api/get-product-list";
import type { PairDetail } from "../api/get-product-show";

/** The server recomputes the 24 h figures every 30 s; the prices in between arrive as ticks. */
const FIGURES_REFRESH_MS = 30_000;
const FIGURE_KEYS = [[routes.productlist.path], [routes.productshow.path]];
/** productshow answers are keyed [path, { product_id }] (get-product-show.ts). */
const productIdOf = (key: QueryKey) => (key[1] as { product_id?: number } | undefined)?.product_id;

/**
 * Follows the live prices of `pairIds` while the calling screen is mounted: the cached productlist and productshow
 * answers take each tick, so every market screen shows the live price. After a reconnection the prices and
 * candles are read once more over HTTP, and the 24 h figures every 30 s. Returns the connection state.
 */
export function useLivePrices(pairIds: readonly number[]): LiveStatus {
  const client = useQueryClient();
  useRefetchEvery(FIGURE_KEYS, pairIds.length > 0 && FIGURES_REFRESH_MS);
  return useLiveTicks(
    pairIds,
    (ticks) => {
      mergeTicksIntoLists<ProductList>(client, [routes.productlist.path], ticks);
      mergeTicksIntoPairs<PairDetail>(client, [routes.productshow.path], ticks, productIdOf);
    },
    {
      onReconnected: () => {
        void client.invalidateQueries({ queryKey: [routes.productlist.path] });
        void client.invalidateQueries({ queryKey: [routes.productshow.path] });
        void client.invalidateQueries({ queryKey: [routes.getkdata.path] });
      },
    },
  );
}
