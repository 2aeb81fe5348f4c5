import { describe, expect, it } from "vitest";
import { fixedDown, Money } from "./decimal";

describe("fixedDown", () => {
  it("answers what decimal.js answers, for stored numerics and anything else", () => {
    const values = [
      "0",
      "0.5",
      "97215.920000000000000000",
      "97215.929999999999999999",
      "1",
      "123456789012345678901.123456789012345678",
      "0.000000000000000001",
      "10",
      "-3.14159",
      "-0.001",
      "1e-7",
      "1.5e3",
      "007.5",
      ".5",
      "+2.25",
    ];
    // And stored-looking values of every shape: whole numbers and fractions of 1 to 18 digits.
    let seed = 7;
    const digit = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String(seed % 10);
    };
    for (let i = 0; i < 500; i++) {
      const whole = String(Number(Array.from({ length: 1 + (i % 12) }, digit).join("")));
      const fraction = Array.from({ length: i % 19 }, digit).join("");
      values.push(fraction ? `${whole}.${fraction}` : whole);
    }
    for (const value of values)
      for (const decimals of [0, 1, 2, 6, 8, 18, 20])
        expect(fixedDown(value, decimals), `${value} to ${decimals}`).toBe(new Money(value).toFixed(decimals));
  });

  it("refuses what is no number, as decimal.js does", () => {
    expect(() => fixedDown("abc", 2)).toThrow();
    expect(() => fixedDown("", 2)).toThrow();
  });
});
