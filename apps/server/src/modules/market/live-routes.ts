import { type Locale, WS_EVENT_TOPICS, WS_PATH } from "@cryptos/contract";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { resolveLocale, translate } from "../../i18n/translate";
import type { ModuleContext } from "../context";
import { listenForUserEvents } from "../messages/service";
import { LiveHub } from "./live";
import { addressKey, LiveLimits } from "./live-limits";

/* The WebSocket endpoint: admission against the limits, socket errors, restarts; the hub (live.ts) does the rest. */

/** The largest frame a client may send; ws closes the connection (1009) on a larger one. */
const MAX_FRAME_BYTES = 16 * 1024;

/** Sockets whose error was logged: one line per connection, whatever a client keeps sending. */
const loggedSockets = new WeakSet<WebSocket>();

/**
 * An error on a socket. A client breaking the protocol (a frame over MAX_FRAME_BYTES, bad UTF-8, an unmasked or
 * unknown frame: ws's `WS_ERR_*`) or dropping the connection is the client's doing, and anyone can do it as often
 * as they like: one short warning (debug for a dropped connection), no stack; ws has already stopped reading and
 * closes the connection with the code that says why (1009 too big, 1007 bad UTF-8, 1002). Anything else is ours: an
 * error with its stack, and the connection is cut (@fastify/websocket's default did that for every error, a client's
 * included, at error level with the stack).
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest) {
  const code = (error as { code?: unknown }).code;
  const byClient = typeof code === "string" && code.startsWith("WS_ERR_");
  if (!loggedSockets.has(socket)) {
    loggedSockets.add(socket);
    if (byClient) {
      request.log.warn({ code, reason: error.message }, "websocket client broke the protocol; connection closed");
    } else if (code === "ECONNRESET" || code === "EPIPE") {
      request.log.debug({ code }, "websocket connection dropped");
    } else {
      request.log.error({ err: error }, "websocket connection failed");
    }
  }
  if (!byClient) socket.terminate();
}

/** The close code a stopping server sends every socket: 1012 "service restart", after which clients reconnect. */
export const RESTART_CLOSE_CODE = 1012;

/**
 * When the server closes (SIGTERM's drain, decision 115), before the listener stops: every socket is closed with
 * RESTART_CLOSE_CODE, so its client reconnects (to another instance behind the proxy, or to this one restarted)
 * rather than seeing the TCP connection drop. @fastify/websocket's own pre-close sends no code at all.
 */
function closeForRestart(this: FastifyInstance, done: () => void) {
  for (const client of this.websocketServer.clients) client.close(RESTART_CLOSE_CODE, "server restarting");
  this.websocketServer.close();
  done();
}

/** The reader's language: the `lang` query (a browser's WebSocket cannot send headers), else the request's. */
function socketLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown>;
  return typeof query.lang === "string" && query.lang ? resolveLocale(query.lang) : request.locale;
}

/**
 * Takes a place for an upgrade before it happens, or refuses it over HTTP (429 when the client's address holds as
 * many sockets as it may, 503 when this instance does): a refused connection never becomes a WebSocket, and
 * @fastify/websocket destroys it once the answer is out, so it keeps no file. The place is given back when the TCP connection closes,
 * however that comes about (refused further on, a failed upgrade, a close, a drop).
 */
async function admit(limits: LiveLimits, request: FastifyRequest, reply: FastifyReply) {
  if (!request.ws) return;
  const connection = request.raw.socket;
  // Gone already: its upgrade will not happen, and there is no close left to give a place back.
  if (connection.destroyed) return;
  const address = addressKey(request.ip);
  const admission = limits.admit(address);
  if (admission === "admitted") {
    connection.once("close", () => limits.release(address));
    return;
  }
  const [status, key] =
    admission === "address_full"
      ? ([429, "market_ws_too_many_connections"] as const)
      : ([503, "market_ws_server_full"] as const);
  return reply.status(status).send({ code: 0, msg: translate(socketLocale(request), key) });
}

/**
 * `GET /ws`: the live price stream and the signed-in user's events (contract `ws.ts`). The locale comes from the
 * `lang` query or header. Events come from the database's NOTIFYs, so they leave only after their transaction
 * committed, and reach the clients of every instance.
 */
export function liveRoutes(app: FastifyInstance, ctx: ModuleContext) {
  app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      errorHandler: onSocketError,
      preClose: closeForRestart,
    });
    const { config } = ctx;
    const limits = new LiveLimits({
      perAddress: config.perIpLimits,
      maxPerAddress: config.wsMaxPerAddress,
      maxTotal: config.wsMaxTotal,
      messagesPerSecond: config.wsMessagesPerSecond,
      messageBurst: config.wsMessageBurst,
    });
    const hub = new LiveHub(
      ctx.services.market.bus,
      {
        signIn: async (token) => (await ctx.services.sessions.resolveSession(token))?.userId ?? null,
        check: ctx.services.sessions.sessionUser,
      },
      limits,
    );
    ctx.services.metrics.countWebSocketClientsWith(() => hub.size);
    const stopListening = await listenForUserEvents(
      ctx.database,
      (event) => hub.sendEvent(event.user, event.topic),
      // Events of the outage are lost: every signed-in client reads everything once more.
      () => {
        for (const topic of WS_EVENT_TOPICS) hub.sendEvent(null, topic);
      },
    );
    scope.addHook("onClose", async () => {
      await stopListening();
      hub.close();
    });
    scope.get(
      WS_PATH,
      { websocket: true, schema: { hide: true }, onRequest: (request, reply) => admit(limits, request, reply) },
      (socket, request) => hub.add(socket, socketLocale(request), addressKey(request.ip)),
    );
  });
}
