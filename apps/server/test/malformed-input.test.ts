import { calls } from "@cryptos/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const postCalls = Object.values(calls).filter((c) => c.method === "POST" && !c.multipart);

/** Bodies a careless or hostile client might send: any JSON, near-misses of real fields, raw junk. */
const hostileBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(
      fc.constantFrom(
        "email",
        "event",
        "amount",
        "id",
        "eid",
        "money",
        "type",
        "username",
        "images",
        "__proto__",
        "constructor",
      ),
      fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.array(fc.string()), fc.object()),
    )
    .map((o) => JSON.stringify(o)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{"email":', "[]", "null", "0", '"x"', "{}{}", '{"amount":"1e400"}', "\u0000", '{"a":1,"a":2}'),
);

describe("malformed input", () => {
  it("never answers 5xx or crashes for 1,000 random malformed bodies, and always names a reason", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postCalls),
        hostileBody,
        fc.constantFrom("en", "ja", "xx"),
        async (call, payload, lang) => {
          sent++;
          const res = await t.app.inject({
            method: "POST",
            url: call.path,
            headers: { "content-type": "application/json", lang },
            payload,
          });
          expect(res.statusCode, `${call.path} ${payload}`).toBeLessThan(500);
          const body = res.json();
          expect([0, 1, 401]).toContain(body.code);
          expect(typeof body.msg).toBe("string");
          expect(body.msg.length).toBeGreaterThan(0);
          expect(JSON.stringify(body)).not.toMatch(/\bat [\w.<>]+ \(/);
        },
      ),
      { numRuns: 1000 },
    );
    expect(sent).toBe(1000);
    const health = await t.call("/api/health", { method: "GET" });
    expect(health.body.code).toBe(1);
  });
});
