import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  divide,
  isDecimal,
  minOf,
  multiply,
  ratePercent,
  sanitizeAmountInput,
  signOf,
  subtract,
  sum,
  truncate,
} from "./decimal";

describe("decimal: exact arithmetic on decimal strings", () => {
  it("adds and subtracts where floats would drift", () => {
    expect(add("0.1", "0.2")).toBe("0.3");
    expect(add("12.5", "-0.0002")).toBe("12.4998");
    expect(subtract("1000", "1.5")).toBe("998.5");
    expect(subtract("0.3", "0.1")).toBe("0.2");
    expect(subtract("1", "-1")).toBe("2");
    expect(add("+1", "1")).toBe("2");
  });

  it("keeps every digit of amounts past a double's 15 to 17 significant digits", () => {
    expect(add("123456789012345678.12", "0.000000000000000001")).toBe("123456789012345678.120000000000000001");
    expect(multiply("99999999999999.99", "3")).toBe("299999999999999.97");
  });

  it("writes the shortest form: no trailing zeros and never -0", () => {
    expect(add("1.250", "0.250")).toBe("1.5");
    expect(subtract("0.10", "0.1")).toBe("0");
    expect(multiply("-0.5", "0")).toBe("0");
    expect(add("-0.00", "0")).toBe("0");
  });

  it("multiplies decimal strings and whole numbers (a day count)", () => {
    expect(multiply("10", "0.75")).toBe("7.5");
    expect(multiply("1000", "0.0005", 30)).toBe("15");
    expect(multiply("-2", "0.5")).toBe("-1");
    expect(multiply()).toBe("1");
  });

  it("divides toward zero at the places asked, and answers null for a zero divisor", () => {
    expect(divide("1", "3", 4)).toBe("0.3333");
    expect(divide("-1", "3", 2)).toBe("-0.33");
    expect(divide("10", "0.25", 2)).toBe("40");
    expect(divide("1", "0.000", 2)).toBeNull();
  });

  it("compares by value whatever the spelling", () => {
    expect(compare("0.1", "0.10000000000000001")).toBe(-1);
    expect(compare("1.50", "1.5")).toBe(0);
    expect(compare("-2", "-10")).toBe(1);
    expect(compare("-0", "0")).toBe(0);
    expect(compare(" 3 ", "2.99")).toBe(1);
  });

  it("signs, sums, minimums and percents", () => {
    expect(signOf("-0.01")).toBe(-1);
    expect(signOf("0.00")).toBe(0);
    expect(signOf("+2")).toBe(1);
    expect(signOf(null)).toBe(0);
    expect(signOf(undefined)).toBe(0);
    expect(sum(["1.1", "2.2", "-0.3"])).toBe("3");
    expect(sum([])).toBe("0");
    expect(minOf("5", "1.5", "2")).toBe("1.5");
    expect(minOf("7")).toBe("7");
    expect(ratePercent("0.0005")).toBe("0.05");
    expect(ratePercent("0.75")).toBe("75");
  });
});

describe("truncate: an amount in a currency's units, as the server books it", () => {
  it("cuts toward zero, never rounds, and leaves a shorter value as it is", () => {
    expect(truncate("0.061725", 2)).toBe("0.06");
    expect(truncate("0.069999", 2)).toBe("0.06");
    expect(truncate("-1.239", 2)).toBe("-1.23");
    expect(truncate("1.5", 6)).toBe("1.5");
    expect(truncate("12", 0)).toBe("12");
  });

  it("makes staking's expected interest what the daily credits add up to (123.45 x 0.05 % for 7 days)", () => {
    // Rounded once over the whole term this would read 0.43; the server credits 0.06 a day: 0.42.
    expect(multiply(truncate(multiply("123.45", "0.0005"), 2), 7)).toBe("0.42");
  });
});

describe("decimal: bad input", () => {
  it("recognises only plain decimal strings", () => {
    for (const good of ["12", "0.5", "-3.25", "+1", " 7 "]) expect(isDecimal(good)).toBe(true);
    for (const bad of ["", ".5", "5.", "1e3", "1,000", "abc", "--1", "NaN", "0x10"]) expect(isDecimal(bad)).toBe(false);
  });

  it("throws a TypeError from arithmetic and comparison instead of guessing a value", () => {
    expect(() => add("1", "abc")).toThrow(TypeError);
    expect(() => subtract("", "1")).toThrow(TypeError);
    expect(() => multiply("1e3", "2")).toThrow(TypeError);
    expect(() => multiply("2", Number.NaN)).toThrow(TypeError);
    expect(() => divide("1", "x", 2)).toThrow(TypeError);
    expect(() => compare("1,000", "1")).toThrow(TypeError);
    expect(() => signOf("abc")).toThrow(TypeError);
    expect(() => sum(["1", "two"])).toThrow(TypeError);
  });
});

describe("sanitizeAmountInput: what the user types, kept to an amount", () => {
  it("keeps digits and one point, at most the currency's places", () => {
    expect(sanitizeAmountInput("12.3456", 2)).toBe("12.34");
    expect(sanitizeAmountInput("1,5", 8)).toBe("1.5");
    expect(sanitizeAmountInput("1.2.3", 8)).toBe("1.23");
    expect(sanitizeAmountInput("-5 USDT", 2)).toBe("5");
    expect(sanitizeAmountInput("7.9", 0)).toBe("7");
  });
});
