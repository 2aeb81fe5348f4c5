import { z } from "zod";
import { WS_EVENT_TOPICS, WS_MAX_SUBSCRIPTIONS } from "./ws-protocol";

export * from "./ws-protocol";

/** The schemas of the protocol described in ws-protocol.ts; the server parses with them. */

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
  /**
   * The tick's id and hash in the pair's public tick log (`/api/index/ticks`): the head of its chain, a witness a
   * client keeps. Absent from servers older than the tick log.
   */
  id: z.number().int().optional(),
  hash: z.string().optional(),
});
export type WsTick = z.infer<typeof wsTick>;

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
  /**
   * The session this connection signed in with has ended (signed out, signed out by another session, password
   * changed, expired): its events stop. The connection stays open for prices; send `auth` again to follow a user.
   */
  z.object({ type: z.literal("unauthed") }),
  /** Something of the signed-in user changed (see above); no data, read it over HTTP. */
  z.object({ type: z.literal("event"), topic: wsEventTopic }),
  /** A message the server could not take (bad JSON, unknown op, too many pairs); the connection stays open. */
  z.object({ type: z.literal("error"), msg: z.string() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
