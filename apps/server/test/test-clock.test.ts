import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { systemClock } from "../src/lib/clock";
import { SteppableClock } from "../src/lib/test-clock";
import { TEST_CLOCK_PATH } from "../src/plugins/test-clock";
import { startTestApp, type TestApp } from "./helper";

// Decision 141: the browser tests move the emailed codes' clock instead of sleeping through a resend window.
describe("TEST_CLOCK", () => {
  it("starts only on a loopback test server", () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "on" }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: "on", NODE_ENV: "production" })).toThrow(/NODE_ENV=production/);
    expect(() => loadConfig({ TEST_CLOCK: "on", HOST: "0.0.0.0" })).toThrow(/HOST on loopback/);
    expect(() => loadConfig({ TEST_CLOCK: "on", PUBLIC_ORIGIN: "https://cryptos.example" })).toThrow(
      /PUBLIC_ORIGIN on loopback/,
    );
    expect(() => loadConfig({ TEST_CLOCK: "yes" })).toThrow(/TEST_CLOCK/);
  });

  describe("on", () => {
    let t: TestApp;
    const codeClock = new SteppableClock(systemClock);
    beforeAll(async () => {
      t = await startTestApp({ codeClock, config: { codeResendSeconds: 60 } });
    });
    afterAll(() => t.close());
    const advance = (seconds: unknown, remoteAddress = "127.0.0.1") =>
      t.app.inject({ method: "POST", url: TEST_CLOCK_PATH, payload: { advance_seconds: seconds }, remoteAddress });

    it("lets a code window pass at once, forward only and from this machine only", async () => {
      const body = { email: "clock@example.com", event: "register" as const };
      await t.api("sendEmailCode", { body });
      expect((await t.send("sendEmailCode", { body })).body.msg).toMatch(/wait \d+ seconds/);

      expect((await advance(61, "203.0.113.9")).statusCode).toBe(403);
      for (const bad of [-1, 0, 1.5, "61"]) expect((await advance(bad)).statusCode).toBe(400);
      expect((await t.send("sendEmailCode", { body })).body.code).toBe(0);

      const before = Date.now();
      const moved = await advance(61);
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json().now) - before).toBeGreaterThanOrEqual(61_000);
      expect((await t.send("sendEmailCode", { body })).body.code).toBe(1);
    });
  });
});
