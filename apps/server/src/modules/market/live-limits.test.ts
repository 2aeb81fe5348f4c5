import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { openFileLimit } from "../../lib/open-files";
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

describe("the settings", () => {
  it("default to 200 per address, 10,000 in all (at most half the open-file limit), 50 messages/s, burst 500", () => {
    const config = loadConfig({});
    const files = openFileLimit();
    expect(config.wsMaxPerAddress).toBe(200);
    expect(config.wsMaxTotal).toBe(files === undefined ? 10_000 : Math.min(10_000, Math.floor(files / 2)));
    expect([config.wsMessagesPerSecond, config.wsMessageBurst]).toEqual([50, 500]);
  });

  it("are read from the environment, and refused when they are not positive", () => {
    const env = {
      WS_MAX_PER_ADDRESS: "5",
      WS_MAX_TOTAL: "50000",
      WS_MESSAGES_PER_SECOND: "0.5",
      WS_MESSAGE_BURST: "9",
    };
    const config = loadConfig(env);
    expect([config.wsMaxPerAddress, config.wsMaxTotal, config.wsMessagesPerSecond, config.wsMessageBurst]).toEqual([
      5, 50_000, 0.5, 9,
    ]);
    expect(() => loadConfig({ WS_MAX_TOTAL: "0" })).toThrow(/WS_MAX_TOTAL/);
    expect(() => loadConfig({ WS_MESSAGE_BURST: "-1" })).toThrow(/WS_MESSAGE_BURST/);
  });
});
