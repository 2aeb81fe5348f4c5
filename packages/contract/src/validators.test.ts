import { describe, expect, it } from "vitest";
import { preferredLocale, resolveLocale } from "./locales";
import { amountIssue, amountString, isAmount2, isCode, isEmail, isIdCard, isMobile, isUrl } from "./validators";

describe("the spec's validators", () => {
  it("accepts and refuses emails", () => {
    expect(isEmail("ada@example.com")).toBe(true);
    expect(isEmail("ada@example")).toBe(false);
    expect(isEmail("a b@example.com")).toBe(false);
  });

  it("checks 6-digit codes, mobiles and URLs", () => {
    expect(isCode("012345")).toBe(true);
    expect(isCode("12345")).toBe(false);
    expect(isCode("1234567")).toBe(false);
    expect(isMobile("+8613800138000")).toBe(true);
    expect(isMobile("12")).toBe(false);
    expect(isUrl("https://example.com/a?b=1")).toBe(true);
    expect(isUrl("javascript:alert(1)")).toBe(false);
  });

  it("checks an ID card's check character", () => {
    expect(isIdCard("11010519491231002X")).toBe(true);
    expect(isIdCard("110105194912310021")).toBe(false);
  });

  it("allows at most 2 decimals for amounts in the spec's rule", () => {
    expect(isAmount2("10")).toBe(true);
    expect(isAmount2("10.25")).toBe(true);
    expect(isAmount2("10.255")).toBe(false);
    expect(isAmount2("-1")).toBe(false);
    expect(isAmount2("01")).toBe(false);
  });

  it("parses amounts as strictly positive decimal strings with a precision", () => {
    const usdt = amountString(2);
    expect(usdt.safeParse("12.50").success).toBe(true);
    expect(usdt.safeParse("0").success).toBe(false);
    expect(usdt.safeParse("0.00").success).toBe(false);
    expect(usdt.safeParse("1.234").success).toBe(false);
    expect(usdt.safeParse("1e5").success).toBe(false);
    expect(usdt.safeParse(12).success).toBe(false);
    expect(usdt.safeParse("1".repeat(40)).success).toBe(false);
  });

  it("refuses amounts of 10^15 and more, so that sums of many fit NUMERIC(38, 18)", () => {
    const amount = amountString(8);
    expect(amount.safeParse("999999999999999.99999999").success).toBe(true);
    const refused = amount.safeParse("1000000000000000");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["amount_too_large"]);
    expect(amount.safeParse("99999999999999999999").success).toBe(false);
  });
});

describe("amountIssue: the server's amount rule", () => {
  const order = { decimals: 2, min: "10", max: "5000", available: "1000" };
  it("accepts an amount within precision, range and balance", () => {
    expect(amountIssue("10", order)).toBeNull();
    expect(amountIssue("1000", order)).toBeNull();
    expect(amountIssue("12.50", order)).toBeNull();
    expect(amountIssue(" 25 ", order)).toBeNull();
  });
  it("names what is wrong, format first", () => {
    expect(amountIssue("abc", order)).toBe("invalid_amount");
    expect(amountIssue("1e5", order)).toBe("invalid_amount");
    expect(amountIssue("-5", order)).toBe("invalid_amount");
    expect(amountIssue("01", order)).toBe("invalid_amount");
    // Past amountString's 15 whole digits, even where no max is set.
    expect(amountIssue("1000000000000000", { decimals: 2 })).toBe("invalid_amount");
    expect(amountIssue("999999999999999", { decimals: 2 })).toBeNull();
    expect(amountIssue("0", order)).toBe("must_be_positive");
    expect(amountIssue("12.345", order)).toBe("too_many_decimals");
    expect(amountIssue("5", order)).toBe("below_min");
    expect(amountIssue("9.99", order)).toBe("below_min");
    expect(amountIssue("5000.01", order)).toBe("above_max");
    expect(amountIssue("5000", order)).toBe("insufficient_balance");
    expect(amountIssue("1000.01", order)).toBe("insufficient_balance");
  });
  it("counts decimals as the server does: trailing zeros carry no value, the request takes at most 8", () => {
    expect(amountIssue("12.5000", order)).toBeNull();
    expect(amountIssue("12.000000000", order)).toBe("too_many_decimals");
    expect(amountIssue("0.00000001", { decimals: 8 })).toBeNull();
    expect(amountIssue("0.000000001", { decimals: 18 })).toBe("too_many_decimals");
  });
  it("adds the fee to what the balance must pay", () => {
    const withdraw = { decimals: 6, min: "10", max: "100000", available: "100", fee: "1" };
    expect(amountIssue("99", withdraw)).toBeNull();
    expect(amountIssue("99.5", withdraw)).toBe("insufficient_balance");
    expect(amountIssue("100", { ...withdraw, fee: undefined })).toBeNull();
  });
});

describe("resolveLocale", () => {
  it("maps headers to the supported locales, falling back to English", () => {
    expect(resolveLocale(undefined)).toBe("en");
    expect(resolveLocale("zh-CN")).toBe("zh-Hans");
    expect(resolveLocale("zh-TW")).toBe("zh-Hant");
    expect(resolveLocale("zh-Hant")).toBe("zh-Hant");
    expect(resolveLocale("pt-BR")).toBe("pt");
    expect(resolveLocale("de")).toBe("de");
    expect(resolveLocale("xx")).toBe("en");
  });
});

describe("preferredLocale", () => {
  it("takes the first of the browser's languages that is supported, else none", () => {
    expect(preferredLocale(["ja-JP", "en-US"])).toBe("ja");
    expect(preferredLocale(["nl-NL", "vi", "en"])).toBe("vi");
    expect(preferredLocale(["zh-HK"])).toBe("zh-Hant");
    expect(preferredLocale(["en-GB", "de"])).toBe("en");
    expect(preferredLocale(["nl", "sv"])).toBeUndefined();
    expect(preferredLocale([])).toBeUndefined();
  });
});
