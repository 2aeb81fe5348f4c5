import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../lib/clock";
import { LocalTickBus } from "../modules/market/bus";
import { HealthService } from "../modules/system/service";
import { Watchdog } from "./watchdog";

/**
 * The watchdog's question is "has the database stopped answering?", not "is it fast?" (decision 115). Found by
 * the issue 40 audit: two PGlite servers on a machine at load 30 were ended by their own watchdog ("no answer within
 * 1 s" for 17 s) while every probe did come back, a second or two late. Fake timers: a database that answers each
 * round trip after `answerMs`, or never.
 */
describe("the watchdog and a slow database", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watched(answerMs: () => number | undefined) {
    const health = new HealthService({
      clock: systemClock,
      bus: new LocalTickBus(),
      dataFolder: undefined,
      settlement: {
        overdueOrders: () =>
          new Promise((resolve) => {
            const ms = answerMs();
            if (ms !== undefined) setTimeout(() => resolve({ count: 0, oldest: null }), ms);
          }),
      },
    });
    const fatal: string[] = [];
    const watchdog = new Watchdog({
      probe: () => health.probeDatabase(),
      answeredAt: () => health.databaseAnsweredAt,
      failAfterMs: 15_000,
      onFatal: (reason, failingMs) => fatal.push(`${reason} for ${failingMs} ms`),
    });
    watchdog.start();
    return { health, watchdog, fatal };
  }

  it("keeps a server whose database answers every probe late, and ends it once the database stops answering", async () => {
    let answerMs: number | undefined = 1_500;
    const { health, watchdog, fatal } = watched(() => answerMs);
    await vi.advanceTimersByTimeAsync(60_000);
    // Every probe fails its 1 s bound (health says so), yet each comes back: slow, not gone.
    const probe = health.probeDatabase();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await probe).toEqual({ ok: false, error: "no answer within 1 s" });
    expect(fatal).toEqual([]);

    answerMs = undefined;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(/^no answer within 1 s for \d+ ms$/);
    watchdog.stop();
    health.close();
  });
});

describe("the watchdog's line", () => {
  it("names each distinct failure of the window, the first (the cause) first", async () => {
    vi.useFakeTimers();
    const errors = ["could not open file: No such file or directory", "no answer within 1 s"];
    let probes = 0;
    const fatal: string[] = [];
    const watchdog = new Watchdog({
      probe: async () => ({ ok: false, error: errors[Math.min(probes++, 1)]! }),
      failAfterMs: 3_000,
      onFatal: (reason) => fatal.push(reason),
    });
    watchdog.start();
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    expect(probes).toBeGreaterThan(2);
    expect(fatal).toEqual(["could not open file: No such file or directory; no answer within 1 s"]);
  });
});
