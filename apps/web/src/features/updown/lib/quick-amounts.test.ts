import { describe, expect, it } from "vitest";
import { shareOf } from "./quick-amounts";

describe("shareOf", () => {
  it("takes the share exactly, cut to the currency's places", () => {
    expect(shareOf("1000", 25, 2, "10000")).toBe("250");
    expect(shareOf("1000.01", 25, 2, "10000")).toBe("250"); // 250.0025
    expect(shareOf("0.07", 50, 2, "10000")).toBe("0.03"); // 0.035, never rounded up past the balance
    expect(shareOf("123.456789", 100, 6, "10000")).toBe("123.456789");
    expect(shareOf("0.1", 25, 8, "10000")).toBe("0.025");
  });

  it("stops at the pair's maximum", () => {
    expect(shareOf("50000", 50, 2, "10000")).toBe("10000");
  });

  it("answers null when there is nothing to share", () => {
    expect(shareOf("0", 100, 2, "10000")).toBeNull();
    expect(shareOf("0.01", 25, 2, "10000")).toBeNull(); // 0.0025 cuts to 0
  });
});
