import { z } from "zod";

/**
 * Live prices over WebSocket at `/ws` (same origin as the API; `ws:` or `wss:` to match the page).
 *
 * The client sends `subscribe` with the pair ids it shows and receives `ticks` messages: each carries the new
 * recorded prices of those pairs from one batch of the feed (one per pair at most), in recording order per pair.
 * One frame per batch rather than one per tick keeps fan-out to thousands of clients cheap for both ends. `unsubscribe` stops them; subscriptions are
 * per connection and do not survive it.
 *
 * Reconnecting is the client's job: when the socket closes for any reason (server restart, deploy, network,
 * the server dropping a dead or too slow client), reconnect with exponential backoff (1 s doubling to 30 s,
 * with jitter, reset after a connection has stayed up for a while), send `subscribe` again for the pairs on
 * screen, and refresh prices once over HTTP (`productlist` / `getkdata`), because ticks sent while the socket
 * was down are not replayed.
 *
 * Heartbeat: the server sends a WebSocket ping every `WS_HEARTBEAT_MS` and closes a connection that has not
 * answered the previous one (browsers answer pings by themselves). A client that wants to detect a dead server
 * can send `{"op":"ping"}` and expect `{"type":"pong"}`.
 *
 * Events of the signed-in user: the client sends `{"op":"auth","token":…}` with its session token (the same one
 * the HTTP API takes; `null` when signed out) after each (re)connect and whenever the token changes, and the
 * server answers `{"type":"authed","signed_in":…}`. An unknown, expired or revoked token just answers
 * `signed_in: false`; the connection stays open for prices. From then on the server sends
 * `{"type":"event","topic":…}` when something of that user changed, after the change is committed:
 * `messages` when a personal message arrives for them or an announcement or notice is published for everyone;
 * `price_alerts` when one of their price alerts fired (read `/api/user/alerts` with status `triggered`).
 * An event carries no data: it only says which calls to read again over HTTP (`messages`: `getnews`, the message
 * lists), so a socket whose session has since ended learns nothing from it. Events sent while the socket was down
 * are not replayed: after reconnecting, read those calls once more.
 */
export const WS_PATH = "/ws";
export const WS_HEARTBEAT_MS = 30_000;
/** At most this many pair ids per connection; more are refused with an `error` message. */
export const WS_MAX_SUBSCRIPTIONS = 200;

const pairIds = z.array(z.number().int().positive()).max(WS_MAX_SUBSCRIPTIONS);

export const wsClientMessage = z.discriminatedUnion("op", [
  z.object({ op: z.literal("subscribe"), pairs: pairIds }),
  z.object({ op: z.literal("unsubscribe"), pairs: pairIds }),
  z.object({ op: z.literal("ping") }),
  /** Whose events this connection receives: a session token, or `null` for nobody's (signed out). */
  z.object({ op: z.literal("auth"), token: z.string().max(512).nullable() }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/** A recorded price: the same tick the up/down orders are settled by. `price` is a decimal string. */
export const wsTick = z.object({
  pair: z.number().int(),
  price: z.string(),
  /** ISO-8601 time the tick was recorded. */
  at: z.string(),
});
export type WsTick = z.infer<typeof wsTick>;

/** What changed for the user; the client reads the matching calls again. */
export const WS_EVENT_TOPICS = ["messages", "price_alerts"] as const;
export const wsEventTopic = z.enum(WS_EVENT_TOPICS);
export type WsEventTopic = z.infer<typeof wsEventTopic>;

export const wsServerMessage = z.discriminatedUnion("type", [
  /** The ticks of one feed batch for the pairs this connection follows; never empty. */
  z.object({ type: z.literal("ticks"), ticks: z.array(wsTick).min(1) }),
  /** The pair ids this connection is now subscribed to, after each subscribe or unsubscribe. */
  z.object({ type: z.literal("subscribed"), pairs: z.array(z.number().int()) }),
  z.object({ type: z.literal("pong") }),
  /** The answer to `auth`: whether the token named a live session (events of that user follow). */
  z.object({ type: z.literal("authed"), signed_in: z.boolean() }),
  /** Something of the signed-in user changed (see above); no data, read it over HTTP. */
  z.object({ type: z.literal("event"), topic: wsEventTopic }),
  /** A message the server could not take (bad JSON, unknown op, too many pairs); the connection stays open. */
  z.object({ type: z.literal("error"), msg: z.string() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
