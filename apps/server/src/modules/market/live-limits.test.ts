import { describe, expect, it } from "vitest";
import { addressKey, LiveLimits } from "./live-limits";

const options = { perAddress: true, maxPerAddress: 2, maxTotal: 3, messagesPerSecond: 2, messageBurst: 4 };

describe("LiveLimits", () => {
  it("caps sockets per address, then in all, and takes a released place back", () => {
    const limits = new LiveLimits(options);
    expect(limits.admit("a")).toBe("admitted");
    expect(limits.admit("a")).toBe("admitted");
    expect(limits.admit("a")).toBe("address_full");
    expect(limits.admit("b")).toBe("admitted");
    expect(limits.admit("c")).toBe("instance_full");
    limits.release("a");
    expect(limits.sockets()).toBe(2);
    expect(limits.admit("c")).toBe("admitted");
    expect(limits.sockets("a")).toBe(1);
  });

  it("with per-address limits off, caps only the total and never spends a budget", () => {
    const limits = new LiveLimits({ ...options, perAddress: false });
    expect([1, 2, 3].map(() => limits.admit("a"))).toEqual(["admitted", "admitted", "admitted"]);
    expect(limits.admit("b")).toBe("instance_full");
    for (let i = 0; i < 100; i++) expect(limits.spend("a")).toBe(true);
  });

  it("spends a burst at once, then refills at the rate, per address", () => {
    let now = 0;
    const limits = new LiveLimits({ ...options, now: () => now });
    const spent = (address: string, n: number) => Array.from({ length: n }, () => limits.spend(address));
    expect(spent("a", 5)).toEqual([true, true, true, true, false]);
    expect(limits.spend("b")).toBe(true);
    now = 499;
    expect(limits.spend("a")).toBe(false);
    now = 500;
    expect(limits.spend("a")).toBe(true);
    // Never more than the burst, however long it rested.
    now = 60_000;
    expect(spent("a", 5)).toEqual([true, true, true, true, false]);
  });

  it("keeps an address with no socket until its budget has filled again, so reconnecting buys no fresh burst", () => {
    let now = 0;
    const limits = new LiveLimits({ ...options, now: () => now });
    limits.admit("a");
    for (let i = 0; i < 4; i++) limits.spend("a");
    limits.release("a");
    now = 1_000;
    limits.admit("b");
    limits.admit("a");
    expect(limits.spend("a")).toBe(true);
    expect(limits.spend("a")).toBe(true);
    expect(limits.spend("a")).toBe(false);
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped ones", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });
});
