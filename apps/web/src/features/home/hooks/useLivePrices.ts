import { type Calls, type DataOf, routes } from "@cryptos/contract";
import { useQueryClient } from "@tanstack/react-query";
import { mergeTicksIntoLists, useLiveTicks, useRefetchEvery } from "@/lib/live";

type ProductList = DataOf<Calls["productlist"]>;
const LIST_KEYS = [[routes.productlist.path]];

/**
 * The movers' prices follow live ticks while Home is shown: each tick lands in the cached productlist answers.
 * Their ranking (the 24 h change) comes from an HTTP read every `refreshMs`. After a reconnection the list is
 * read again.
 */
export function useLivePrices(pairIds: readonly number[], refreshMs: number): void {
  const client = useQueryClient();
  useRefetchEvery(LIST_KEYS, refreshMs);
  useLiveTicks(pairIds, (ticks) => mergeTicksIntoLists<ProductList>(client, [routes.productlist.path], ticks), {
    onReconnected: () => void client.invalidateQueries({ queryKey: [routes.productlist.path] }),
  });
}
