import { divide } from "@cryptos/contract/decimal";
import { describe, expect, it } from "vitest";
import { readableRate } from "./rate";

describe("readableRate", () => {
  it("shows BTC in USDT when buying BTC with USDT (the quote's price inverted)", () => {
    expect(readableRate("USDT", "BTC", "0.000010341")).toEqual({
      base: "BTC",
      quote: "USDT",
      rate: divide("1", "0.000010341", 18),
    });
    expect(readableRate("USDT", "BTC", "0.00001")).toEqual({ base: "BTC", quote: "USDT", rate: "100000" });
  });

  it("keeps the price when selling a crypto for USDT, or between two cryptos", () => {
    expect(readableRate("BTC", "USDT", "96702.44")).toEqual({ base: "BTC", quote: "USDT", rate: "96702.44" });
    expect(readableRate("ETH", "BTC", "0.0355")).toEqual({ base: "ETH", quote: "BTC", rate: "0.0355" });
  });
});

describe("divide", () => {
  it("divides decimal strings exactly, rounded down", () => {
    expect(divide("1", "3", 4)).toBe("0.3333");
    expect(divide("10", "0.25", 2)).toBe("40");
    expect(divide("1", "0", 2)).toBeNull();
  });
});
