import { focusManager, hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Refetches the active queries under each of `queryKeys` every `everyMs` (false: never), on a clock of its own.
 * A query's own `refetchInterval` restarts each time live ticks write into its cache (TanStack Query resets its
 * timers on every cache update), so while ticks flow it never fires: figures the ticks do not carry (the 24 h
 * change, open, volume) are refreshed by this instead. A query's `refetchInterval` still serves as the fallback
 * poll when the socket is down. Like refetchInterval, nothing is read while the page is in the background.
 */
export function useRefetchEvery(queryKeys: readonly QueryKey[], everyMs: number | false): void {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  const hash = queryKeys.map((key) => hashKey(key)).join("|");
  useEffect(() => {
    if (everyMs === false || !hash) return;
    const timer = setInterval(() => {
      if (!focusManager.isFocused()) return;
      for (const queryKey of keys.current) {
        void client.refetchQueries({ queryKey, type: "active" }, { cancelRefetch: false });
      }
    }, everyMs);
    return () => clearInterval(timer);
  }, [client, everyMs, hash]);
}

/**
 * Reads the active queries under `queryKey` again because the server says they changed. A fetch already in flight
 * may have left before the change, and TanStack Query joins an invalidation to a query's first fetch instead of
 * restarting it (it restarts only queries that have data), so that fetch is cancelled first.
 */
export async function readAgainNow(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
