import { describe, expect, it } from "vitest";
import type { WithdrawAddress } from "../api/address-book";
import { bookStanding, usableNow } from "./address-rule";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const saved = (address: string, usableFrom: string, usable: boolean): WithdrawAddress => ({
  id: 1,
  currency: "USDT",
  network: "ERC20",
  address,
  label: "Cold",
  created_at: "2026-11-25T11:00:00Z",
  usable_from: usableFrom,
  usable,
});
const HELD = saved("0xAbC0000000000000000000000000000000000001", "2026-11-26T11:00:00Z", false);
const MATURED = saved("TUSQzWDnJfWTmvXrQAx4Vk13LLdp1BJMgC", "2026-11-24T11:00:00Z", true);

describe("the address book's rule on the client", () => {
  it("makes a saved address usable once its hold has ended, two-step verification or not", () => {
    expect(usableNow(HELD, NOW)).toBe(false);
    expect(usableNow(MATURED, NOW)).toBe(true);
    // A hold that ended since the list was read counts as ended.
    expect(usableNow(HELD, Date.parse("2026-11-26T11:00:00Z"))).toBe(true);
  });

  it("judges a typed address against the book", () => {
    const book = [HELD, MATURED];
    expect(bookStanding("", book, NOW).standing).toBe("unknown");
    expect(bookStanding("T-anything", undefined, NOW).standing).toBe("unknown");
    expect(bookStanding("TFdmunXgDcvwVo9pkfktDc2m4DHqTYmsE1", book, NOW).standing).toBe("notSaved");
    expect(bookStanding(MATURED.address, book, NOW).standing).toBe("ready");
    // EVM addresses match in any letter case.
    expect(bookStanding(HELD.address.toLowerCase(), book, NOW)).toEqual({ standing: "held", match: HELD });
  });
});
