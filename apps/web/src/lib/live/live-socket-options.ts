import { WS_PATH, type WsTick } from "@cryptos/contract";
import { API_BASE } from "@/lib/config";
import { currentLocale } from "@/lib/i18n";

/** The live socket's settings: what it may be told (LiveSocketOptions), what it does otherwise, and its URL. */

export type LiveStatus = "idle" | "connecting" | "open" | "reconnecting";

/** The newest tick per pair since the last batch, at most one batch every `flushMs`. */
export type TickBatchListener = (ticks: ReadonlyMap<number, WsTick>) => void;

export interface LiveSocketOptions {
  url?: () => string;
  /** The session token sent with `auth` on each connect (and by `tokenChanged`), so the user's events arrive. */
  token?: () => string | null;
  /**
   * The server says the session this socket signed in with has ended (`unauthed`: signed out elsewhere, password
   * changed, expired). Its events have stopped; the app finds out over HTTP (the 401 path signs it out).
   */
  onUnauthed?: () => void;
  /** Backoff: first delay, doubling up to `maxDelayMs`, with ±20 % jitter (contract ws.ts). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A connection that stayed up this long resets the backoff. */
  stableMs?: number;
  /** Ticks are merged into the cache in batches, so twelve pairs at one tick a second cost one render. */
  flushMs?: number;
  /** The socket stays open this long after the last screen lets go, so moving between screens keeps it. */
  idleCloseMs?: number;
}

/** `ws:`/`wss:` URL of the live stream beside the API, in the reader's language (for error messages). */
export function liveUrl(): string {
  const url = new URL(`${API_BASE}${WS_PATH}`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.searchParams.set("lang", currentLocale());
  return url.toString();
}

/** What a LiveSocket does unless told otherwise: the app's socket, reconnecting within 1-30 s. */
export const LIVE_SOCKET_DEFAULTS: Required<LiveSocketOptions> = {
  url: liveUrl,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableMs: 10_000,
  flushMs: 250,
  idleCloseMs: 5_000,
  token: () => null,
  onUnauthed: () => {},
};
