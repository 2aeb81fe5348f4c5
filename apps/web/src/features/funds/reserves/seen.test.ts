import { describe, expect, it } from "vitest";
import { omittedAfter } from "./seen";

describe("snapshots seen on this device", () => {
  const seen = [
    { id: 3, included: true },
    { id: 4, included: true },
  ];
  it("warns when a later snapshot leaves out a user it held before, who holds a balance", () => {
    expect(omittedAfter(seen, { id: 5, included: false }, true)).toBe(4);
  });
  it("says nothing when the user is in it, holds nothing, or was never in one", () => {
    expect(omittedAfter(seen, { id: 5, included: true }, true)).toBeNull();
    expect(omittedAfter(seen, { id: 5, included: false }, false)).toBeNull();
    expect(omittedAfter([], { id: 5, included: false }, true)).toBeNull();
  });
});
