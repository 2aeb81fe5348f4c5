import { beforeEach, describe, expect, it, vi } from "vitest";

let locale = "en";
vi.mock("./i18n", () => ({ currentLocale: () => locale }));

const { formatAmount, formatAmountRange, formatDecimal, formatMoney, formatPercent, formatRate, setCurrencyDecimals } =
  await import("./format");

/** Intl writes a narrow no-break space (fr groups, some currencies); compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

beforeEach(() => {
  setCurrencyDecimals([
    { code: "USDT", decimals: 2 },
    { code: "BTC", decimals: 8 },
    { code: "SOL", decimals: 6 },
    { code: "JPYX", decimals: 0 },
  ]);
});

const cases: Record<string, { grouped: string; negative: string; huge: string }> = {
  en: { grouped: "1,234,567.50", negative: "-51.00", huge: "123,456,789,012,345,678.12" },
  de: { grouped: "1.234.567,50", negative: "-51,00", huge: "123.456.789.012.345.678,12" },
  fr: { grouped: "1 234 567,50", negative: "-51,00", huge: "123 456 789 012 345 678,12" },
  th: { grouped: "1,234,567.50", negative: "-51.00", huge: "123,456,789,012,345,678.12" },
  "zh-Hans": { grouped: "1,234,567.50", negative: "-51.00", huge: "123,456,789,012,345,678.12" },
  ja: { grouped: "1,234,567.50", negative: "-51.00", huge: "123,456,789,012,345,678.12" },
};

describe("formatAmount: every amount in the currency's precision and the reader's language", () => {
  for (const [language, expected] of Object.entries(cases)) {
    it(`groups, separates and rounds in ${language}`, () => {
      locale = language;
      expect(plain(formatAmount("1234567.5", "USDT"))).toBe(expected.grouped);
      expect(plain(formatAmount("-51", "USDT"))).toBe(expected.negative);
      // Huge: no float on the way (a double keeps ~16 digits), every digit shown is the one sent.
      expect(plain(formatAmount("123456789012345678.123", "USDT"))).toBe(expected.huge);
      const separator = expected.grouped.includes(",50") ? "," : ".";
      // BTC keeps its 8 places, trailing zeros beyond two dropped; tiny amounts are not rounded away.
      expect(formatAmount("0.00000001", "BTC")).toBe(`0${separator}00000001`);
      expect(formatAmount("0.5", "BTC")).toBe(`0${separator}50`);
      expect(formatAmount("1.123456789", "SOL")).toBe(`1${separator}123457`);
    });
  }

  it("shows USDT with 2 places: 8-place estimates round, 51 reads 51.00", () => {
    locale = "en";
    expect(formatMoney("937.33479582", "USDT")).toBe("937.33 USDT");
    expect(formatMoney("51", "USDT")).toBe("51.00 USDT");
    expect(formatMoney("1000", "USDT")).toBe("1,000.00 USDT");
    expect(formatMoney("0.001", "USDT")).toBe("0.00 USDT");
  });

  it("rounds half up exactly on the decimal string (not 1.005 -> 1.00 as a float would)", () => {
    locale = "en";
    expect(formatAmount("1.005", "USDT")).toBe("1.01");
    expect(formatAmount("0.000000005", "BTC")).toBe("0.00000001");
  });

  it("never shows -0.00, signs changes when asked, and handles a currency without decimals", () => {
    locale = "en";
    expect(formatAmount("-0.001", "USDT")).toBe("0.00");
    expect(formatAmount("51", "USDT", { signed: true })).toBe("+51.00");
    expect(formatAmount("-51", "USDT", { signed: true })).toBe("-51.00");
    expect(formatAmount("0", "USDT", { signed: true })).toBe("0.00");
    expect(formatAmount("1234.6", "JPYX")).toBe("1,235");
  });

  it("shows an unknown currency with 2 to 8 places, as sent", () => {
    locale = "de";
    expect(formatMoney("12.123456789", "NEW")).toBe("12,12345679 NEW");
    expect(formatMoney("12", "NEW")).toBe("12,00 NEW");
  });

  it("leaves anything that is not a decimal string as it is", () => {
    locale = "en";
    expect(formatAmount("abc", "USDT")).toBe("abc");
    expect(formatDecimal("1e5")).toBe("1e5");
  });

  it("formats percent changes with a sign in the language", () => {
    locale = "de";
    expect(formatPercent("1.5")).toBe("+1,50%");
    locale = "en";
    expect(formatPercent("-0.25")).toBe("-0.25%");
  });

  it("formats rates with the quote currency's places, more below 1 for four significant digits", () => {
    locale = "en";
    expect(formatRate("96702.441234567890123456", "USDT")).toBe("96,702.44");
    expect(formatRate("0.16234", "USDT")).toBe("0.1623");
    expect(formatRate("0.000010341", "USDT")).toBe("0.00001034");
    expect(formatRate("0.0355", "BTC")).toBe("0.0355");
    locale = "fr";
    expect(plain(formatRate("96702.44", "USDT"))).toBe("96 702,44");
  });

  it("gives both ends of a range the same places", () => {
    locale = "en";
    expect(formatAmountRange("0.001", "5", "BTC")).toEqual({ min: "0.001", max: "5.000" });
    expect(formatAmountRange("10", "5000", "USDT")).toEqual({ min: "10.00", max: "5,000.00" });
    locale = "de";
    expect(formatAmountRange("0.5", "100000", "SOL")).toEqual({ min: "0,50", max: "100.000,00" });
  });
});
