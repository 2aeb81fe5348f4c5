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

export const wsServerMessage = z.discriminatedUnion("type", [
  /** The ticks of one feed batch for the pairs this connection follows; never empty. */
  z.object({ type: z.literal("ticks"), ticks: z.array(wsTick).min(1) }),
  /** The pair ids this connection is now subscribed to, after each subscribe or unsubscribe. */
  z.object({ type: z.literal("subscribed"), pairs: z.array(z.number().int()) }),
  z.object({ type: z.literal("pong") }),
  /** A message the server could not take (bad JSON, unknown op, too many pairs); the connection stays open. */
  z.object({ type: z.literal("error"), msg: z.string() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
