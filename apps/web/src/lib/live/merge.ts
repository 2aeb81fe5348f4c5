import type { WsTick } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** What a list row needs to take a tick: the pair id and its price (listPairs's `items`). */
export interface PricedItem {
  id: number;
  price: string | null;
}

/** What a single pair's answer needs to take a tick (getPair): its price and when it was recorded. */
export interface PricedDetail {
  price: string | null;
  updated_at: string | null;
  high_24h?: string | null;
  low_24h?: string | null;
}

const newer = (tick: WsTick, than: string | null | undefined) => !than || Date.parse(tick.at) >= Date.parse(than);

/** A list answer with each ticked pair's price replaced; the same object when nothing changed (no re-render). */
export function withTickedItems<L extends { items: readonly PricedItem[] }>(
  list: L | undefined,
  ticks: ReadonlyMap<number, WsTick>,
): L | undefined {
  if (!list) return list;
  let changed = false;
  const items = list.items.map((item) => {
    const tick = ticks.get(item.id);
    if (!tick || tick.price === item.price) return item;
    changed = true;
    return { ...item, price: tick.price };
  });
  return changed ? { ...list, items } : list;
}

/**
 * A pair's answer moved to the tick when the tick is newer than what it holds; a tick beyond the 24 h high or low
 * widens them at once. The 24 h change and open are left to the server (a slow HTTP refresh).
 */
export function withTick<D extends PricedDetail>(detail: D | undefined, tick: WsTick | undefined): D | undefined {
  if (!detail || !tick || !newer(tick, detail.updated_at)) return detail;
  const next: D = { ...detail, price: tick.price, updated_at: tick.at };
  if (detail.high_24h && compare(tick.price, detail.high_24h) === 1) next.high_24h = tick.price;
  if (detail.low_24h && compare(tick.price, detail.low_24h) === -1) next.low_24h = tick.price;
  return next;
}

/** Folds ticks into every cached list answer under `queryKey` (a prefix: all product types at once). */
export function mergeTicksIntoLists<L extends { items: readonly PricedItem[] }>(
  client: QueryClient,
  queryKey: QueryKey,
  ticks: ReadonlyMap<number, WsTick>,
): void {
  client.setQueriesData<L>({ queryKey }, (old) => withTickedItems(old, ticks));
}

/**
 * Folds ticks into the cached single-pair answers under `queryKey`, in one pass over the cache: `pairIdOf` reads
 * the pair id from a query's key. (One lookup per tick would scan the whole cache once per pair.)
 */
export function mergeTicksIntoPairs<D extends PricedDetail>(
  client: QueryClient,
  queryKey: QueryKey,
  ticks: ReadonlyMap<number, WsTick>,
  pairIdOf: (key: QueryKey) => number | undefined,
): void {
  for (const query of client.getQueryCache().findAll({ queryKey })) {
    const pairId = pairIdOf(query.queryKey);
    const tick = pairId === undefined ? undefined : ticks.get(pairId);
    if (tick) client.setQueryData<D>(query.queryKey, (old) => withTick(old, tick));
  }
}
