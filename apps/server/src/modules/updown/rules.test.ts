import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Money } from "../../lib/decimal";
import { outcome, payout } from "./rules";

const price = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, frac]) => `${whole}.${String(frac).padStart(8, "0")}`);
const rate = fc.integer({ min: 1, max: 9999 }).map((n) => `0.${String(n).padStart(4, "0")}`);
const amount = fc.integer({ min: 1, max: 10_000_000 }).map((cents) => new Money(cents).div(100).toFixed());

describe("up/down rules", () => {
  it("pays exactly what the rule says for any two recorded prices", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("up" as const, "down" as const),
        price,
        price,
        amount,
        rate,
        (dir, entry, exit, amt, r) => {
          const result = outcome(dir, entry, exit);
          const paid = new Money(payout(result, amt, r, 2));
          const cmp = new Money(exit).comparedTo(entry);
          if (cmp === 0) {
            expect(result).toBe("tie");
            expect(paid.eq(amt)).toBe(true);
          } else if ((dir === "up" && cmp > 0) || (dir === "down" && cmp < 0)) {
            expect(result).toBe("win");
            const exact = new Money(amt).times(new Money(1).plus(r));
            expect(paid.lte(exact)).toBe(true);
            expect(exact.minus(paid).lt("0.01")).toBe(true);
            expect(paid.gte(amt)).toBe(true);
          } else {
            expect(result).toBe("lose");
            expect(paid.isZero()).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("settles a whole random tick path only by its two ends", () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 2, maxLength: 50 }),
        fc.constantFrom("up" as const, "down" as const),
        (path, dir) => {
          const entry = path[0]!;
          const exit = path[path.length - 1]!;
          const shuffledMiddle = [...path.slice(1, -1)].reverse();
          const other = [entry, ...shuffledMiddle, exit];
          expect(outcome(dir, other[0]!, other[other.length - 1]!)).toBe(outcome(dir, entry, exit));
        },
      ),
    );
  });

  it("refunds a tie and rounds a win down to the currency's unit", () => {
    expect(outcome("up", "100.5", "100.50")).toBe("tie");
    expect(payout("tie", "10", "0.85", 2)).toBe("10");
    expect(payout("win", "10.01", "0.85", 2)).toBe("18.51");
    expect(payout("lose", "10", "0.85", 2)).toBe("0");
  });
});
