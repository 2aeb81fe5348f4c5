import { useSyncExternalStore } from "react";
import { API_BASE } from "./config";

/**
 * Whether the app can reach its server: the browser says it is online, and the last API call got an answer
 * (lib/api.ts reports each one). While the server is unreachable, a light probe asks again every few seconds, so
 * the offline banner goes away by itself when the connection is back.
 */
const PROBE_MS = 10_000;
const PROBE_PATH = "/api/health";

const listeners = new Set<() => void>();
let browserOnline = typeof navigator === "undefined" || navigator.onLine !== false;
let serverReachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const readOnline = () => browserOnline && serverReachable;

const reconnectListeners = new Set<() => void>();
let wasOnline = browserOnline && serverReachable;

function notify(): void {
  const online = readOnline();
  const reconnected = online && !wasOnline;
  wasOnline = online;
  for (const listener of listeners) listener();
  if (reconnected) for (const listener of reconnectListeners) listener();
}

/**
 * Calls `listener` each time the app is back online (the browser online again and the server answering): screens
 * that failed while offline ask again by themselves rather than waiting on "click the screen to retry".
 */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Whether the browser says it is offline or the server did not answer the last call. */
export const isOffline = (): boolean => !readOnline();

function scheduleProbe(delay: number): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (serverReachable || !browserOnline) return;
  probeTimer = setTimeout(() => {
    fetch(`${API_BASE}${PROBE_PATH}`, { cache: "no-store" }).then(
      () => reportServerReachable(true),
      () => scheduleProbe(PROBE_MS),
    );
  }, delay);
}

/** Called for every API call: true when an answer came back, false when the request failed on the network. */
export function reportServerReachable(reachable: boolean): void {
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  scheduleProbe(PROBE_MS);
  notify();
}

function onBrowserStatus(): void {
  browserOnline = navigator.onLine !== false;
  // Back online: ask the server at once rather than at the next tick of the probe.
  scheduleProbe(0);
  notify();
}

export function installNetworkStatus(): void {
  window.addEventListener("online", onBrowserStatus);
  window.addEventListener("offline", onBrowserStatus);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False while the browser is offline or the server does not answer. */
export function useOnline(): boolean {
  // The same snapshot when hydrating the prerendered shell (app/shell) as after.
  return useSyncExternalStore(subscribe, readOnline, readOnline);
}
