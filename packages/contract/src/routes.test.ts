import { describe, expect, it } from "vitest";
import { calls } from "./calls";
import { routes } from "./routes";

describe("routes", () => {
  it("has every call's method and path, and nothing else (else: npm run gen:routes -w @cryptos/contract)", () => {
    const fromCalls = Object.fromEntries(
      Object.entries(calls).map(([name, call]) => [name, { method: call.method, path: call.path }]),
    );
    expect(routes).toEqual(fromCalls);
  });
});
