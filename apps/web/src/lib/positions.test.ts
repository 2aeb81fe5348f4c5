import { describe, expect, it } from "vitest";
import { comparePrice, standingAt } from "./positions";

const entry = (price: string) => ({ id: 1, price, at: "2026-01-01T00:00:00.000Z" });

describe("comparePrice", () => {
  it("compares decimal strings exactly, whatever their scale", () => {
    expect(comparePrice("67123.4", "67123.40")).toBe(0);
    expect(comparePrice("67123.41", "67123.4")).toBe(1);
    expect(comparePrice("0.000000001", "0")).toBe(1);
    expect(comparePrice("9", "10")).toBe(-1);
    expect(comparePrice("-1.5", "-1.25")).toBe(-1);
    expect(comparePrice("abc", "1")).toBeNull();
  });
});

describe("standingAt (how an open order stands at the live price)", () => {
  it("says up wins above the entry and down wins below it; equal is level", () => {
    expect(standingAt({ direction: "up", entry: entry("100.00") }, "100.01")).toBe("winning");
    expect(standingAt({ direction: "up", entry: entry("100.00") }, "99.99")).toBe("losing");
    expect(standingAt({ direction: "down", entry: entry("100.00") }, "99.99")).toBe("winning");
    expect(standingAt({ direction: "down", entry: entry("100.00") }, "100.01")).toBe("losing");
    expect(standingAt({ direction: "up", entry: entry("100.00") }, "100")).toBe("level");
  });

  it("says nothing before the entry spot or without a price", () => {
    expect(standingAt({ direction: "up", entry: null }, "100")).toBeNull();
    expect(standingAt({ direction: "up", entry: entry("100") }, undefined)).toBeNull();
    expect(standingAt({ direction: "up", entry: entry("100") }, null)).toBeNull();
  });
});
