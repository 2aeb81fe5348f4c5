import {
  type Locale,
  WS_HEARTBEAT_MS,
  WS_MAX_SUBSCRIPTIONS,
  type WsEventTopic,
  type WsServerMessage,
  wsClientMessage,
} from "@cryptos/contract";
import type { WebSocket } from "ws";
import { translate } from "../../i18n/translate";
import type { TickBus, TickEvent } from "./bus";
import type { LiveLimits } from "./live-limits";

/**
 * A client that lets this much pile up unsent is too slow to follow the market, or does not read at all: it is
 * dropped (and reconnects once it reads again). Every frame to a client counts, replies included.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The most a WebSocket frame's header adds to its payload (server frames are not masked). */
const FRAME_HEADER_BYTES = 10;
/** The close reason of a socket whose address spent its message budget (close code 1008, policy violation). */
const FLOOD_REASON = "too many messages";

interface Client {
  socket: WebSocket;
  locale: Locale;
  /** The client's address as the limits count it (live-limits.ts `addressKey`). */
  address: string;
  pairs: Set<number>;
  /** The sorted pair ids, joined: clients that follow the same pairs share one serialised frame per batch. */
  pairsKey: string;
  alive: boolean;
  /** The signed-in user whose events this connection receives (`auth`), or null. */
  userId: number | null;
  /** The session token `userId` came from: checked again before each event, so a revoked session hears nothing. */
  session: string | null;
  /** Counts `auth` ops: only the newest one's answer is applied; one session lookup at a time per connection. */
  authSeq: number;
  authToken: string | null;
  authing: boolean;
}

/** The user behind a session token, or null when unknown, expired or revoked. */
export type SessionLookup = (token: string) => Promise<number | null>;

export interface LiveSessions {
  /** For `auth`: the HTTP API's resolver (a sign-in counts as use of the session). */
  signIn: SessionLookup;
  /** Before each event: whether the session is still live, without counting as use. */
  check: SessionLookup;
}

/**
 * The WebSocket clients of this instance and the pairs each follows. Each tick batch from the bus becomes one
 * `ticks` frame per client, holding the ticks of the pairs it follows; the frame is serialised (and encoded)
 * once per distinct set of pairs, not once per client, so fan-out costs a socket write per client and batch.
 * Clients that sent a valid session token (`auth`) also get the `event`s of their user, each only after their
 * session is checked again: one revoked anywhere (logout, sign-out of other sessions, password change, expiry; on
 * any instance) gets `unauthed` instead and is signed out. Every message a client sends is taken from its address's
 * budget (LiveLimits); a client whose address has spent it is told so and closed with 1008.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    bus: TickBus,
    private readonly sessions: LiveSessions,
    private readonly limits: LiveLimits,
    heartbeatMs = WS_HEARTBEAT_MS,
  ) {
    this.unsubscribe = bus.subscribe((ticks) => this.broadcast(ticks));
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  get size() {
    return this.clients.size;
  }

  add(socket: WebSocket, locale: Locale, address: string) {
    const client: Client = {
      socket,
      locale,
      address,
      pairs: new Set(),
      pairsKey: "",
      alive: true,
      userId: null,
      session: null,
      authSeq: 0,
      authToken: null,
      authing: false,
    };
    this.clients.add(client);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("message", (data, isBinary) => {
      if (this.spend(client)) this.receive(client, isBinary ? "" : data.toString());
    });
    // ws answers a protocol ping by itself (and drops a client with 60 unanswered); it still counts as a message.
    socket.on("ping", () => this.spend(client));
    socket.on("close", () => this.remove(client));
    socket.on("error", () => this.remove(client));
  }

  /** Whether `bytes` more fit in the client's queue. */
  private fits(client: Client, bytes: number): boolean {
    return client.socket.bufferedAmount + bytes + FRAME_HEADER_BYTES <= MAX_BUFFERED_BYTES;
  }

  /** Every frame to a client leaves here: one that would take its queue past MAX_BUFFERED_BYTES drops it instead. */
  private send(client: Client, frame: string | Buffer) {
    const socket = client.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (!this.fits(client, typeof frame === "string" ? Buffer.byteLength(frame) : frame.length)) {
      this.drop(client);
      return;
    }
    socket.send(frame, { binary: false });
  }

  private reply(client: Client, message: WsServerMessage) {
    this.send(client, JSON.stringify(message));
  }

  private drop(client: Client) {
    client.socket.terminate();
    this.remove(client);
  }

  /**
   * Takes a message from the client's address's budget. When it is spent the client is told why and closed with
   * 1008; what it still sends while the close completes is not read.
   */
  private spend(client: Client): boolean {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (this.limits.spend(client.address)) return true;
    this.reply(client, { type: "error", msg: translate(client.locale, "market_ws_too_many_messages") });
    client.socket.close(1008, FLOOD_REASON);
    this.remove(client);
    return false;
  }

  private receive(client: Client, text: string) {
    let parsed: ReturnType<typeof wsClientMessage.safeParse>;
    try {
      parsed = wsClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = wsClientMessage.safeParse(undefined);
    }
    if (!parsed.success) {
      const tooMany = parsed.error.issues.some((i) => i.code === "too_big" && i.path[0] === "pairs");
      const msg = tooMany
        ? translate(client.locale, "market_ws_too_many_pairs", { max: WS_MAX_SUBSCRIPTIONS })
        : translate(client.locale, "market_ws_bad_message");
      this.reply(client, { type: "error", msg });
      return;
    }
    const message = parsed.data;
    if (message.op === "ping") {
      this.reply(client, { type: "pong" });
      return;
    }
    if (message.op === "auth") {
      client.authSeq += 1;
      client.authToken = message.token;
      if (!client.authing) void this.authenticate(client);
      return;
    }
    if (message.op === "subscribe") {
      const next = new Set([...client.pairs, ...message.pairs]);
      if (next.size > WS_MAX_SUBSCRIPTIONS) {
        this.reply(client, {
          type: "error",
          msg: translate(client.locale, "market_ws_too_many_pairs", { max: WS_MAX_SUBSCRIPTIONS }),
        });
        return;
      }
      client.pairs = next;
    } else {
      for (const pair of message.pairs) client.pairs.delete(pair);
    }
    const sorted = [...client.pairs].sort((a, b) => a - b);
    client.pairsKey = sorted.join(",");
    this.reply(client, { type: "subscribed", pairs: sorted });
  }

  /** Resolves the newest token the client sent, again while newer ones arrive meanwhile, then answers it. */
  private async authenticate(client: Client) {
    client.authing = true;
    let seq: number;
    let token: string | null;
    let userId: number | null;
    do {
      seq = client.authSeq;
      token = client.authToken;
      userId = token ? await this.sessions.signIn(token).catch(() => null) : null;
    } while (seq !== client.authSeq);
    client.authing = false;
    if (!this.clients.has(client)) return;
    this.setUser(client, userId);
    client.session = userId === null ? null : token;
    this.reply(client, { type: "authed", signed_in: userId !== null });
  }

  private setUser(client: Client, userId: number | null) {
    if (userId === null) client.session = null;
    if (client.userId === userId) return;
    if (client.userId !== null) {
      const mine = this.byUser.get(client.userId);
      mine?.delete(client);
      if (mine?.size === 0) this.byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId === null) return;
    const mine = this.byUser.get(userId) ?? new Set();
    mine.add(client);
    this.byUser.set(userId, mine);
  }

  /** Tells `userId`'s connections (every signed-in connection for `null`) to read `topic` again. */
  sendEvent(userId: number | null, topic: WsEventTopic) {
    const frame = JSON.stringify({ type: "event", topic } satisfies WsServerMessage);
    const targets = userId === null ? this.byUser.values() : [this.byUser.get(userId) ?? []];
    for (const clients of targets) {
      for (const client of clients) void this.deliver(client, frame);
    }
  }

  /**
   * Sends `frame` once the client's session is confirmed live. Checking here, rather than being told of each
   * revocation, covers every way a session ends (on any instance, by expiry, by a path added later) with nothing to
   * keep in step; the look-ups of one event's clients go to the database together (AccountsService's batcher).
   */
  private async deliver(client: Client, frame: string) {
    const { session, userId } = client;
    if (session === null || userId === null) return;
    // A failed look-up sends nothing (a revoked session must not hear), and signs nobody out.
    const live = await this.sessions.check(session).catch(() => undefined);
    if (!this.clients.has(client) || client.socket.readyState !== client.socket.OPEN || live === undefined) return;
    if (client.session !== session) {
      // Signed in again meanwhile: that sign-in was checked just now; send only if it is the same user's.
      if (client.session !== null && client.userId === userId) this.send(client, frame);
      return;
    }
    if (live === userId) {
      this.send(client, frame);
      return;
    }
    this.setUser(client, null);
    this.reply(client, { type: "unauthed" });
  }

  private remove(client: Client) {
    this.clients.delete(client);
    this.setUser(client, null);
  }

  private broadcast(ticks: TickEvent[]) {
    // The newest tick per pair in this batch, already serialised as an element of the frame's array.
    const parts = new Map<number, string>();
    for (const tick of ticks) {
      parts.set(
        tick.pair,
        JSON.stringify({ pair: tick.pair, price: tick.price, at: tick.at, id: tick.id, hash: tick.hash }),
      );
    }
    const frames = new Map<string, Buffer | null>();
    for (const client of this.clients) {
      if (!client.pairsKey) continue;
      let frame = frames.get(client.pairsKey);
      if (frame === undefined) {
        const mine: string[] = [];
        for (const pair of client.pairs) {
          const part = parts.get(pair);
          if (part) mine.push(part);
        }
        frame = mine.length ? Buffer.from(`{"type":"ticks","ticks":[${mine.join(",")}]}`) : null;
        frames.set(client.pairsKey, frame);
      }
      if (frame) this.send(client, frame);
    }
  }

  /** Pings every client; one that did not answer the previous ping is gone and is cut off. */
  private beat() {
    for (const client of this.clients) {
      if (!client.alive || !this.fits(client, 0)) {
        this.drop(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  close() {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const client of this.clients) client.socket.close(1001, "server shutting down");
    this.clients.clear();
    this.byUser.clear();
  }
}
