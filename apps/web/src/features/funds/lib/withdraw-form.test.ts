import { describe, expect, it } from "vitest";
import { addressIssue, type WithdrawFormInput, withdrawFormIssues, withdrawFormState } from "./withdraw-form";

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

describe("withdrawFormState", () => {
  const filled: WithdrawFormInput = {
    network: usdtTrc20,
    address: tron,
    amount: "50",
    available: "100",
    standing: "ready",
    code: "123456",
    totp: "",
    totpOn: false,
    realNameBlocked: false,
  };
  const state = (change: Partial<WithdrawFormInput>) => withdrawFormState({ ...filled, ...change });

  it("is ready when everything the server checks is right, with what leaves the balance", () => {
    expect(state({})).toMatchObject({ ready: true, blocker: null, amountOk: true, total: "51", maxAmount: "99" });
    expect(state({ totpOn: true, standing: "ready", totp: "654321" }).ready).toBe(true);
  });

  it("names the first blocker in the sheet's order: identity, address, its standing, amount", () => {
    expect(state({ realNameBlocked: true, address: "" }).blocker).toBe("needRealName");
    expect(state({ address: "  " }).blocker).toBe("needAddress");
    expect(state({ network: undefined }).blocker).toBe("needAddress");
    expect(state({ address: "not-an-address", standing: "notSaved" }).blocker).toBe("invalidAddress");
    expect(state({ standing: "notSaved" }).blocker).toBe("needUsableAddress");
    expect(state({ standing: "held" }).blocker).toBe("needUsableAddress");
    expect(state({ amount: "" }).blocker).toBe("needAmount");
    expect(state({ amount: "99.5" }).blocker).toBe("needAmount");
    for (const change of [{ realNameBlocked: true }, { standing: "held" as const }, { amount: "5" }])
      expect(state(change).ready).toBe(false);
  });

  it("does not ask for the codes to unblock, but Confirm waits for them", () => {
    expect(state({ code: "" })).toMatchObject({ blocker: null, ready: false });
    expect(state({ code: "12345" }).ready).toBe(false);
    expect(state({ totpOn: true, standing: "ready", totp: "12345" })).toMatchObject({ blocker: null, ready: false });
  });

  it("has no total until the amount is right, and a Max that may be nothing", () => {
    expect(state({ amount: "5" })).toMatchObject({ amountOk: false, total: null });
    expect(state({ available: "0.5" }).maxAmount).toBe("-0.5");
    expect(state({ network: undefined }).maxAmount).toBe("0");
  });
});
