import type { WsEventTopic, WsServerMessage, WsTick } from "./ws";
import { WS_EVENT_TOPICS } from "./ws-protocol";

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isTick = (value: unknown): value is WsTick =>
  isRecord(value) &&
  isInt(value.pair) &&
  typeof value.price === "string" &&
  typeof value.at === "string" &&
  (value.id === undefined || isInt(value.id)) &&
  (value.hash === undefined || typeof value.hash === "string");

/** A tick with known keys only; `id` and `hash` (the tick log's witness) when the server sends them. */
function readTick({ pair, price, at, id, hash }: WsTick): WsTick {
  return {
    pair,
    price,
    at,
    ...(id === undefined ? {} : { id }),
    ...(hash === undefined ? {} : { hash }),
  };
}

/**
 * A server message as `wsServerMessage` (ws.ts) would parse it — known keys only, `null` when it is not one —
 * without loading zod: the browser reads these frames on its first screen. ws-read.test.ts holds the two
 * to the same answers.
 */
export function readWsServerMessage(value: unknown): WsServerMessage | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case "ticks": {
      const { ticks } = value;
      if (!Array.isArray(ticks) || ticks.length === 0 || !ticks.every(isTick)) return null;
      return { type: "ticks", ticks: ticks.map(readTick) };
    }
    case "subscribed":
      return Array.isArray(value.pairs) && value.pairs.every(isInt)
        ? { type: "subscribed", pairs: [...value.pairs] }
        : null;
    case "pong":
      return { type: "pong" };
    case "unauthed":
      return { type: "unauthed" };
    case "authed":
      return typeof value.signed_in === "boolean" ? { type: "authed", signed_in: value.signed_in } : null;
    case "event":
      return (WS_EVENT_TOPICS as readonly unknown[]).includes(value.topic)
        ? { type: "event", topic: value.topic as WsEventTopic }
        : null;
    case "error":
      return typeof value.msg === "string" ? { type: "error", msg: value.msg } : null;
    default:
      return null;
  }
}
