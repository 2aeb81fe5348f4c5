import {
  type Locale,
  WS_HEARTBEAT_MS,
  WS_MAX_SUBSCRIPTIONS,
  WS_PATH,
  type WsServerMessage,
  wsClientMessage,
} from "@cryptos/contract";
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { resolveLocale, translate } from "../../i18n/translate";
import type { ModuleContext } from "../context";
import type { TickBus, TickEvent } from "./bus";

/** A client that lets this much pile up unsent is too slow to follow the market: it is dropped and reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Client {
  socket: WebSocket;
  locale: Locale;
  pairs: Set<number>;
  alive: boolean;
}

/**
 * The WebSocket clients of this instance and the pairs each follows. Every tick batch from the bus is serialised
 * once per tick and written to the clients subscribed to that pair.
 */
export class LiveHub {
  private readonly byPair = new Map<number, Set<Client>>();
  private readonly clients = new Set<Client>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(bus: TickBus, heartbeatMs = WS_HEARTBEAT_MS) {
    this.unsubscribe = bus.subscribe((ticks) => this.broadcast(ticks));
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  get size() {
    return this.clients.size;
  }

  add(socket: WebSocket, locale: Locale) {
    const client: Client = { socket, locale, pairs: new Set(), alive: true };
    this.clients.add(client);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("message", (data, isBinary) => this.receive(client, isBinary ? "" : data.toString()));
    socket.on("close", () => this.remove(client));
    socket.on("error", () => this.remove(client));
  }

  private send(client: Client, message: WsServerMessage) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }

  private receive(client: Client, text: string) {
    let parsed: ReturnType<typeof wsClientMessage.safeParse>;
    try {
      parsed = wsClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = wsClientMessage.safeParse(undefined);
    }
    if (!parsed.success) {
      const tooMany = parsed.error.issues.some((i) => i.code === "too_big");
      const msg = tooMany
        ? translate(client.locale, "market_ws_too_many_pairs", { max: WS_MAX_SUBSCRIPTIONS })
        : translate(client.locale, "market_ws_bad_message");
      this.send(client, { type: "error", msg });
      return;
    }
    const message = parsed.data;
    if (message.op === "ping") {
      this.send(client, { type: "pong" });
      return;
    }
    if (message.op === "subscribe") {
      const next = new Set([...client.pairs, ...message.pairs]);
      if (next.size > WS_MAX_SUBSCRIPTIONS) {
        this.send(client, {
          type: "error",
          msg: translate(client.locale, "market_ws_too_many_pairs", { max: WS_MAX_SUBSCRIPTIONS }),
        });
        return;
      }
      for (const pair of message.pairs) {
        client.pairs.add(pair);
        const set = this.byPair.get(pair) ?? new Set<Client>();
        this.byPair.set(pair, set);
        set.add(client);
      }
    } else {
      for (const pair of message.pairs) {
        client.pairs.delete(pair);
        this.byPair.get(pair)?.delete(client);
      }
    }
    this.send(client, { type: "subscribed", pairs: [...client.pairs].sort((a, b) => a - b) });
  }

  private remove(client: Client) {
    if (!this.clients.delete(client)) return;
    for (const pair of client.pairs) {
      const set = this.byPair.get(pair);
      set?.delete(client);
      if (set?.size === 0) this.byPair.delete(pair);
    }
  }

  private broadcast(ticks: TickEvent[]) {
    for (const tick of ticks) {
      const subscribers = this.byPair.get(tick.pair);
      if (!subscribers?.size) continue;
      const text = JSON.stringify({ type: "tick", pair: tick.pair, price: tick.price, at: tick.at });
      for (const client of subscribers) {
        const socket = client.socket;
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.terminate();
          this.remove(client);
          continue;
        }
        socket.send(text);
      }
    }
  }

  /** Pings every client; one that did not answer the previous ping is gone and is cut off. */
  private beat() {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.remove(client);
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
    this.byPair.clear();
  }
}

/** `GET /ws`: the live price stream (contract `ws.ts`). The locale comes from the `lang` query or header. */
export function liveRoutes(app: FastifyInstance, ctx: ModuleContext) {
  app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 16 * 1024 } });
    const hub = new LiveHub(ctx.services.market.bus);
    scope.addHook("onClose", async () => hub.close());
    scope.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const lang = typeof query.lang === "string" ? query.lang : undefined;
      hub.add(socket, lang ? resolveLocale(lang) : request.locale);
    });
  });
}
