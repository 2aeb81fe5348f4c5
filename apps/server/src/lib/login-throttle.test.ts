import { describe, expect, it } from "vitest";
import { noFailures, slowDownMs, type ThrottlePolicy, throttleRefusal } from "./login-throttle";

const policy: ThrottlePolicy = { windowMs: 15 * 60_000, pairMax: 5, accountSlowAfter: 10, maxDelayMs: 30_000 };
const now = new Date("2026-01-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const tally = (count: number, firstAgo: number, lastAgo: number) => ({
  count,
  first: ago(firstAgo),
  last: ago(lastAgo),
});

describe("login throttle policy", () => {
  it("waits nothing below the threshold, then 1 s doubling up to the cap", () => {
    expect([9, 10, 11, 12, 13, 14, 15, 16, 1_000].map((n) => slowDownMs(policy, n))).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("locks an address out of an account for what is left of the window", () => {
    const refusal = throttleRefusal(policy, { pair: tally(5, 60_000, 1_000), account: tally(5, 60_000, 1_000) }, now);
    expect(refusal).toMatchObject({ key: "login_locked", params: { minutes: 14 } });
  });

  it("slows an account down from the last failure, and lets an attempt through once the wait is over", () => {
    const account = tally(12, 600_000, 1_500);
    expect(throttleRefusal(policy, { pair: noFailures, account }, now)).toMatchObject({
      key: "login_slowed",
      params: { seconds: 3 },
    });
    expect(throttleRefusal(policy, { pair: noFailures, account: tally(12, 600_000, 4_000) }, now)).toBeNull();
  });

  it("counts an address's failures over all accounts only when asked to", () => {
    const address = tally(30, 60_000, 1_000);
    expect(throttleRefusal(policy, { address }, now)).toBeNull();
    expect(throttleRefusal({ ...policy, addressMax: 30 }, { address }, now)).toMatchObject({ key: "login_locked" });
  });
});
