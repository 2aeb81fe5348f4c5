import { calls, type WsTick } from "@cryptos/contract";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { ProductList } from "../api/get-product-list";
import type { PairDetail } from "../api/get-product-show";
import { maxDecimal, minDecimal } from "../lib/decimal";
import { LiveSocket, type LiveStatus } from "../lib/live-socket";

export type { LiveStatus };

const newer = (tick: WsTick, than: string | null | undefined) => !than || Date.parse(tick.at) >= Date.parse(than);

/**
 * Folds ticks into the cached productlist and productshow answers, so every screen that reads them shows the
 * live price. The 24 h change is left to the server (its periodic refresh); a tick beyond the 24 h high or low
 * moves them at once.
 */
export function mergeTicks(client: QueryClient, ticks: ReadonlyMap<number, WsTick>): void {
  client.setQueriesData<ProductList>({ queryKey: [calls.productlist.path] }, (old) => {
    if (!old) return old;
    let changed = false;
    const items = old.items.map((pair) => {
      const tick = ticks.get(pair.id);
      if (!tick || tick.price === pair.price) return pair;
      changed = true;
      return { ...pair, price: tick.price };
    });
    return changed ? { ...old, items } : old;
  });
  for (const [pairId, tick] of ticks) {
    client.setQueriesData<PairDetail>({ queryKey: [calls.productshow.path, { product_id: pairId }] }, (old) => {
      if (!old || !newer(tick, old.updated_at)) return old;
      return {
        ...old,
        price: tick.price,
        updated_at: tick.at,
        high_24h: old.high_24h ? maxDecimal(old.high_24h, tick.price) : old.high_24h,
        low_24h: old.low_24h ? minDecimal(old.low_24h, tick.price) : old.low_24h,
      };
    });
  }
}

const sockets = new WeakMap<QueryClient, LiveSocket>();

/** The one live socket of this app (per query client, so tests and the app never share one). */
function liveSocketFor(client: QueryClient): LiveSocket {
  let socket = sockets.get(client);
  if (!socket) {
    socket = new LiveSocket({
      onTicks: (ticks) => mergeTicks(client, ticks),
      onReconnected: () => {
        // Ticks sent while the socket was down are not replayed: read the prices and candles again once.
        void client.invalidateQueries({ queryKey: [calls.productlist.path] });
        void client.invalidateQueries({ queryKey: [calls.productshow.path] });
        void client.invalidateQueries({ queryKey: [calls.getkdata.path] });
      },
    });
    sockets.set(client, socket);
  }
  return socket;
}

/**
 * Follows the live prices of `pairIds` over `/ws` while the calling screen is mounted: the cached productlist and
 * productshow answers update as ticks arrive. Returns the connection state.
 */
export function useLiveTicks(pairIds: readonly number[]): LiveStatus {
  const client = useQueryClient();
  const socket = liveSocketFor(client);
  const key = [...new Set(pairIds)].sort((a, b) => a - b).join(",");
  useEffect(() => {
    const ids = key ? key.split(",").map(Number) : [];
    if (ids.length === 0) return;
    socket.retain(ids);
    return () => socket.release(ids);
  }, [key, socket]);
  return useSyncExternalStore(socket.subscribeStatus, socket.getStatus, socket.getStatus);
}

/** The newest tick received for one pair (undefined until one arrives); pair it with useLiveTicks. */
export function useLatestTick(pairId: number | null): WsTick | undefined {
  const socket = liveSocketFor(useQueryClient());
  const read = useCallback(() => (pairId === null ? undefined : socket.latestTick(pairId)), [socket, pairId]);
  return useSyncExternalStore(socket.subscribeTicks, read, read);
}
