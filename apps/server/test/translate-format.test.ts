import { describe, expect, it } from "vitest";
import { formatParam } from "../src/i18n/translate";

describe("server messages format amounts in the reader's language", () => {
  const usdt = { currency: "USDT" };
  it("groups amounts and shows at least two places, exactly", () => {
    expect(formatParam("en", "amount", "1000", usdt)).toBe("1,000.00");
    expect(formatParam("de", "amount", "1000", usdt)).toBe("1.000,00");
    expect(formatParam("fr", "total", "1234.5", usdt).replace(/[\u00a0\u202f]/g, " ")).toBe("1 234,50");
    expect(formatParam("ja", "amount", "0.00000001", { currency: "BTC" })).toBe("0.00000001");
    expect(formatParam("en", "amount", "123456789012345678.12", usdt)).toBe("123,456,789,012,345,678.12");
  });
  it("keeps a price's places and leaves ids, counts and other text alone", () => {
    expect(formatParam("de", "price", "96702.5", {})).toBe("96.702,5");
    expect(formatParam("en", "id", "12345", usdt)).toBe("12345");
    expect(formatParam("en", "max", 20, {})).toBe("20");
    expect(formatParam("en", "max", "10 MB", {})).toBe("10 MB");
  });
});
