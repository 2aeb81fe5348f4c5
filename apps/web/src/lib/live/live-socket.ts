import {
  readWsServerMessage,
  WS_MAX_SUBSCRIPTIONS,
  type WsClientMessage,
  type WsEventTopic,
  type WsServerMessage,
  type WsTick,
} from "@cryptos/contract";
import {
  LIVE_SOCKET_DEFAULTS,
  type LiveSocketOptions,
  type LiveStatus,
  type TickBatchListener,
} from "./live-socket-options";
import { rememberWitnesses } from "./witnesses";

export { type LiveSocketOptions, type LiveStatus, liveUrl, type TickBatchListener } from "./live-socket-options";

/**
 * One WebSocket to `/ws` shared by every screen: screens retain and release pair ids (reference counted), the
 * socket subscribes to their union, reconnects with exponential backoff after any close and subscribes again.
 * Screens listen to tick batches (to fold prices into their own caches) and to reconnections (ticks sent while
 * the socket was down are not replayed, so they read once more over HTTP). Screens may also listen to the
 * signed-in user's events (`onEvent`): the socket then stays open even with no pairs, and sends the session token
 * (`auth`) on every connect and whenever it changes.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private readonly counts = new Map<number, number>();
  private readonly latest = new Map<number, WsTick>();
  private readonly pending = new Map<number, WsTick>();
  private readonly statusListeners = new Set<() => void>();
  private readonly tickListeners = new Set<() => void>();
  private readonly batchListeners = new Set<TickBatchListener>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly eventListeners = new Map<WsEventTopic, Set<() => void>>();
  private status: LiveStatus = "idle";
  private attempt = 0;
  private openedAt = 0;
  private everOpened = false;
  /** A reconnection whose listeners wait for the server's `authed`: until then the user's events are not sent. */
  private resyncOnAuthed = false;
  /** The next `connect()`: a retry after a delay, or the first, in a task of its own. */
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<LiveSocketOptions>;

  constructor(options: LiveSocketOptions = {}) {
    this.options = { ...LIVE_SOCKET_DEFAULTS, ...options };
  }

  getStatus = (): LiveStatus => this.status;

  latestTick(pair: number): WsTick | undefined {
    return this.latest.get(pair);
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  subscribeTicks = (listener: () => void): (() => void) => {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  };

  /** Every batch of ticks, for any retained pair (listeners filter to their own pairs). */
  onBatch(listener: TickBatchListener): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  /** Called each time the socket opens again after a drop. */
  onReconnected(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /**
   * Calls `listener` each time the server says the signed-in user's `topic` changed (read it again over HTTP).
   * While any event listener exists the socket stays open.
   */
  onEvent(topic: WsEventTopic, listener: () => void): () => void {
    clearTimeout(this.idleTimer);
    const listeners = this.eventListeners.get(topic) ?? new Set();
    listeners.add(listener);
    this.eventListeners.set(topic, listeners);
    this.openIfWanted();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.eventListeners.delete(topic);
      this.closeSoonIfUnwanted();
    };
  }

  /** The session token changed (sign-in, sign-out): events follow the new one. */
  tokenChanged(): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.send({ op: "auth", token: this.options.token() });
  }

  /** Some screen needs the socket: pairs retained, or event listeners. */
  private wanted(): boolean {
    return this.counts.size > 0 || this.eventListeners.size > 0;
  }

  private openIfWanted(): void {
    // In a task of its own: opening a WebSocket takes 10-15 ms of the main thread at full speed, and screens ask for
    // the socket from their effects, which React runs in one task after a commit (on Trade's first visit, a 42 ms one).
    if (!this.socket && this.retryTimer === undefined && this.wanted())
      this.retryTimer = setTimeout(() => this.connect(), 0);
  }

  private closeSoonIfUnwanted(): void {
    if (this.wanted()) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), this.options.idleCloseMs);
  }

  retain(pairs: readonly number[]): void {
    clearTimeout(this.idleTimer);
    const added: number[] = [];
    for (const pair of pairs) {
      const count = this.counts.get(pair) ?? 0;
      this.counts.set(pair, count + 1);
      if (count === 0) added.push(pair);
    }
    if (this.socket?.readyState === WebSocket.OPEN) this.sendInChunks("subscribe", added);
    else this.openIfWanted();
  }

  release(pairs: readonly number[]): void {
    const removed: number[] = [];
    for (const pair of pairs) {
      const count = this.counts.get(pair) ?? 0;
      if (count <= 1) {
        this.counts.delete(pair);
        this.latest.delete(pair);
        removed.push(pair);
      } else this.counts.set(pair, count - 1);
    }
    if (this.socket?.readyState === WebSocket.OPEN) this.sendInChunks("unsubscribe", removed);
    this.closeSoonIfUnwanted();
  }

  /** Closes for good (until the next retain). */
  close(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.idleTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
    this.attempt = 0;
    this.everOpened = false;
    this.setStatus("idle");
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private send(message: WsClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private sendInChunks(op: "subscribe" | "unsubscribe", pairs: number[]): void {
    for (let i = 0; i < pairs.length; i += WS_MAX_SUBSCRIPTIONS) {
      this.send({ op, pairs: pairs.slice(i, i + WS_MAX_SUBSCRIPTIONS) });
    }
  }

  private connect(): void {
    this.retryTimer = undefined;
    this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.openedAt = Date.now();
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.setStatus("open");
      const token = this.options.token();
      if (token !== null) this.send({ op: "auth", token });
      this.sendInChunks("subscribe", [...this.counts.keys()]);
      // Screens read again what they may have missed, once the socket delivers again: for a signed-in user that is
      // after `authed` (a read before it could miss an event sent in between), and the subscriptions are in by then.
      this.resyncOnAuthed = reconnected && token !== null;
      if (reconnected && token === null) this.resync();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.openedAt && Date.now() - this.openedAt >= this.options.stableMs) this.attempt = 0;
      this.openedAt = 0;
      if (this.wanted()) this.scheduleReconnect();
      else this.close();
    };
  }

  private resync(): void {
    for (const listener of [...this.reconnectListeners]) listener();
  }

  private scheduleReconnect(): void {
    this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    const { baseDelayMs, maxDelayMs } = this.options;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let message: WsServerMessage | null;
    try {
      message = readWsServerMessage(JSON.parse(data));
    } catch {
      return;
    }
    if (!message) return;
    if (message.type === "authed") {
      if (this.resyncOnAuthed) {
        this.resyncOnAuthed = false;
        this.resync();
      }
      return;
    }
    if (message.type === "unauthed") {
      this.options.onUnauthed();
      return;
    }
    if (message.type === "event") {
      for (const listener of [...(this.eventListeners.get(message.topic) ?? [])]) listener();
      return;
    }
    if (message.type !== "ticks") return;
    rememberWitnesses(message.ticks);
    for (const tick of message.ticks) if (this.counts.has(tick.pair)) this.pending.set(tick.pair, tick);
    if (this.pending.size > 0) this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const batch = new Map(this.pending);
    this.pending.clear();
    for (const [pair, tick] of batch) this.latest.set(pair, tick);
    for (const listener of [...this.batchListeners]) listener(batch);
    for (const listener of [...this.tickListeners]) listener();
  }
}
