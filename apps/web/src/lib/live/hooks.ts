import type { WsEventTopic, WsTick } from "@cryptos/contract";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { api } from "@/lib/api";
import { sessionStore } from "@/lib/session-store";
import { LiveSocket, type LiveStatus } from "./live-socket";

let shared: LiveSocket | undefined;

/**
 * The app's one live socket, opened on the first retain or event listener and closed a few seconds after the last
 * one lets go. It carries the stored session token, so the signed-in user's events reach it.
 */
export function liveSocket(): LiveSocket {
  if (!shared) {
    const socket = new LiveSocket({
      token: sessionStore.token,
      // The session ended on the server: one read of `getUserInfo` meets the 401 that signs every screen out and says
      // why (lib/api). A token that changed meanwhile just answers.
      onUnauthed: () => {
        if (sessionStore.token()) api("getUserInfo").catch(() => {});
      },
    });
    sessionStore.subscribe(() => socket.tokenChanged());
    shared = socket;
  }
  return shared;
}

/**
 * Calls `onEvent` while the calling component is mounted (and `enabled`) whenever the server says the signed-in
 * user's `topic` changed, and once after each reconnection (events sent while the socket was down are lost);
 * typically it invalidates the queries of that topic. It keeps the shared socket open. `onEvent` need not be
 * stable.
 */
export function useLiveEvent(topic: WsEventTopic, onEvent: () => void, enabled = true): void {
  const socket = liveSocket();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    const offEvent = socket.onEvent(topic, () => handler.current());
    const offReconnected = socket.onReconnected(() => handler.current());
    return () => {
      offEvent();
      offReconnected();
    };
  }, [socket, topic, enabled]);
}

export type TicksHandler = (ticks: ReadonlyMap<number, WsTick>) => void;

export interface LiveTicksOptions {
  /** The socket came back after a drop: ticks sent meanwhile are lost, so read prices (and candles) once more. */
  onReconnected?: () => void;
}

const keyOf = (pairIds: readonly number[]) => [...new Set(pairIds)].sort((a, b) => a - b).join(",");
const idsOf = (key: string) => (key ? key.split(",").map(Number) : []);

/**
 * Follows the live prices of `pairIds` over `/ws` while the calling component is mounted. `onTicks` receives the
 * newest tick of each of these pairs, in batches (at most four a second), starting with the ticks the shared
 * socket already holds for them; use it to fold prices into the feature's own query caches (see merge.ts).
 * Neither callback needs to be stable. The connection's state is `useLiveStatus`'s: a page that does not show it
 * must not re-render when it changes (the socket's first "connecting" would redraw the whole page synchronously,
 * 50-100 ms at 4x CPU on a first visit to Trade).
 */
export function useLiveTicks(pairIds: readonly number[], onTicks?: TicksHandler, options: LiveTicksOptions = {}): void {
  const socket = liveSocket();
  const key = keyOf(pairIds);
  const handlers = useRef({ onTicks, onReconnected: options.onReconnected });
  useEffect(() => {
    handlers.current = { onTicks, onReconnected: options.onReconnected };
  });

  useEffect(() => {
    const ids = idsOf(key);
    if (ids.length === 0) return;
    const wanted = new Set(ids);
    const deliver = (batch: ReadonlyMap<number, WsTick>) => {
      const mine = new Map<number, WsTick>();
      for (const [pair, tick] of batch) if (wanted.has(pair)) mine.set(pair, tick);
      if (mine.size > 0) handlers.current.onTicks?.(mine);
    };
    socket.retain(ids);
    const known = new Map<number, WsTick>();
    for (const id of ids) {
      const tick = socket.latestTick(id);
      if (tick) known.set(id, tick);
    }
    deliver(known);
    const offBatch = socket.onBatch(deliver);
    const offReconnected = socket.onReconnected(() => handlers.current.onReconnected?.());
    return () => {
      offBatch();
      offReconnected();
      socket.release(ids);
    };
  }, [key, socket]);
}

/** The live socket's connection state, for a screen that shows it beside the prices `useLiveTicks` follows. */
export function useLiveStatus(): LiveStatus {
  const socket = liveSocket();
  return useSyncExternalStore(socket.subscribeStatus, socket.getStatus, socket.getStatus);
}

/** The newest tick received for one pair (undefined until one arrives); pair it with useLiveTicks. */
export function useLatestTick(pairId: number | null | undefined): WsTick | undefined {
  const socket = liveSocket();
  const read = useCallback(() => (pairId == null ? undefined : socket.latestTick(pairId)), [socket, pairId]);
  return useSyncExternalStore(socket.subscribeTicks, read, read);
}
