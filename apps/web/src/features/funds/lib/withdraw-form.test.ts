import { describe, expect, it } from "vitest";
import { addressIssue, withdrawFormIssues } from "./withdraw-form";

const usdtTrc20 = { network: "TRC20", fee: "1", min_amount: "10", max_amount: "100000", decimals: 6 };
const tron = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

describe("withdrawFormIssues", () => {
  it("says nothing about empty fields or without a network", () => {
    expect(withdrawFormIssues({ network: usdtTrc20, address: "", amount: "", available: "0" })).toEqual({
      address: null,
      amount: null,
    });
    expect(withdrawFormIssues({ network: undefined, address: "x", amount: "1", available: "0" })).toEqual({
      address: null,
      amount: null,
    });
  });

  it("refuses an address outside the network's format, as the server does", () => {
    const at = (address: string) =>
      withdrawFormIssues({ network: usdtTrc20, address, amount: "", available: "100" }).address;
    expect(at("not-an-address")).toBe("invalid");
    expect(at("0x000000000000000000000000000000000000dEaD")).toBe("invalid");
    expect(at(`  ${tron} `)).toBeNull();
    expect(at(tron)).toBeNull();
  });

  it("checks the amount against decimals, limits and the balance with the fee", () => {
    const amount = (value: string, available = "100") =>
      withdrawFormIssues({ network: usdtTrc20, address: tron, amount: value, available }).amount;
    expect(amount("50")).toBeNull();
    expect(amount("99")).toBeNull();
    expect(amount("99.5")).toBe("insufficient_balance");
    expect(amount("5")).toBe("below_min");
    expect(amount("100001", "1000000")).toBe("above_max");
    expect(amount("10.1234567")).toBe("too_many_decimals");
    expect(amount("abc")).toBe("invalid_amount");
  });
});

describe("addressIssue", () => {
  it("checks per network and stays quiet while empty", () => {
    expect(addressIssue("ERC20", "not-an-address")).toBe("invalid");
    expect(addressIssue("ERC20", "0x000000000000000000000000000000000000dEaD")).toBeNull();
    expect(addressIssue("Bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBeNull();
    expect(addressIssue("Bitcoin", "")).toBeNull();
    expect(addressIssue("Unknown", "0x000000000000000000000000000000000000dEaD")).toBe("invalid");
  });
});
