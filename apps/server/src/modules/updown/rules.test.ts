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

  it("matches an integer-arithmetic reference for any currency precision, tick path, direction and rate", () => {
    // The reference never touches decimal.js: prices, amounts and rates become BigInt units, and a win pays
    // floor(amount x (1 + rate)) in the currency's smallest unit, which is what "rounded down to the currency" means.
    const walk = fc
      .tuple(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 1, maxLength: 40 }),
      )
      .map(([start, steps]) => {
        const path = [BigInt(start)];
        for (const step of steps) {
          const next = path[path.length - 1]! + BigInt(step);
          path.push(next > 0n ? next : 1n);
        }
        return path;
      });
    fc.assert(
      fc.property(
        walk,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom("up" as const, "down" as const),
        (path, priceDecimals, decimals, amountUnits, rateUnits, dir) => {
          const entry = units(path[0]!, priceDecimals);
          const exit = units(path[path.length - 1]!, priceDecimals);
          const amount = units(amountUnits, decimals);
          const rate = units(BigInt(rateUnits), 8);
          const result = outcome(dir, entry, exit);
          const paid = payout(result, amount, rate, decimals);

          const first = path[0]!;
          const last = path[path.length - 1]!;
          const expected =
            first === last ? "tie" : (dir === "up") === last > first ? ("win" as const) : ("lose" as const);
          expect(result).toBe(expected);
          const expectedUnits =
            expected === "lose"
              ? 0n
              : expected === "tie"
                ? amountUnits
                : (amountUnits * (10n ** 8n + BigInt(rateUnits))) / 10n ** 8n;
          expect(scaled(paid, decimals)).toBe(expectedUnits);
          // never more decimals than the currency has
          expect((paid.split(".")[1] ?? "").length).toBeLessThanOrEqual(decimals);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("refunds a tie and rounds a win down to the currency's unit", () => {
    expect(outcome("up", "100.5", "100.50")).toBe("tie");
    expect(payout("tie", "10", "0.85", 2)).toBe("10");
    expect(payout("win", "10.01", "0.85", 2)).toBe("18.51");
    expect(payout("lose", "10", "0.85", 2)).toBe("0");
  });
});

/** `n` smallest units at `decimals` places, as a decimal string ("12345", 2 -> "123.45"). */
function units(n: bigint, decimals: number): string {
  if (decimals === 0) return n.toString();
  const digits = n.toString().padStart(decimals + 1, "0");
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** A decimal string back to smallest units at `decimals` places; throws if it has more places than that. */
function scaled(value: string, decimals: number): bigint {
  const [whole, frac = ""] = value.split(".");
  if (frac.length > decimals) throw new Error(`${value} has more than ${decimals} decimals`);
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0");
}
