import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wsServerMessage } from "./ws";
import { readWsServerMessage } from "./ws-read";

const zodAnswer = (value: unknown) => {
  const parsed = wsServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** Values near the protocol's shapes (right and wrong types, extra keys), and anything JSON. */
const field = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("messages", "other"),
);
const tick = fc.record(
  {
    pair: fc.oneof(fc.integer(), field),
    price: fc.oneof(fc.string(), field),
    at: fc.oneof(fc.string(), field),
    id: fc.oneof(fc.integer(), field),
    hash: fc.oneof(fc.string(), field),
    x: field,
  },
  { requiredKeys: [] },
);
const message = fc.record(
  {
    type: fc.constantFrom("ticks", "subscribed", "pong", "authed", "unauthed", "event", "error", "nope"),
    ticks: fc.oneof(fc.array(tick, { maxLength: 3 }), field),
    pairs: fc.oneof(fc.array(fc.oneof(fc.integer(), field), { maxLength: 3 }), field),
    signed_in: field,
    topic: field,
    msg: field,
    extra: field,
  },
  { requiredKeys: ["type"] },
);

describe("readWsServerMessage", () => {
  it("answers exactly what the zod schema answers, for messages near the protocol and for any JSON", () => {
    fc.assert(
      fc.property(fc.oneof(message, fc.jsonValue()), (value) => {
        expect(readWsServerMessage(value)).toEqual(zodAnswer(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a ticks frame and drops unknown keys", () => {
    const frame = { type: "ticks", ticks: [{ pair: 1, price: "1.5", at: "2026-01-01T00:00:00Z", extra: 1 }], x: 2 };
    expect(readWsServerMessage(frame)).toEqual({
      type: "ticks",
      ticks: [{ pair: 1, price: "1.5", at: "2026-01-01T00:00:00Z" }],
    });
    expect(readWsServerMessage({ type: "ticks", ticks: [] })).toBeNull();
  });
});
