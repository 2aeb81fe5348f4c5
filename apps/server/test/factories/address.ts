import type { BodyOf, Calls, DataOf } from "@cryptos/contract";
import { expect } from "vitest";
import type { CallerOf } from "../api-client";
import type { TestApp } from "../helper";

/** A valid TRC20 address (Tron's base58check). */
export const TRON_ADDRESS = "TUSQzWDnJfWTmvXrQAx4Vk13LLdp1BJMgC";

/**
 * Saves an address to `user`'s withdrawal book (USDT on TRC20, "Mine", unless `fields` say) and answers the saved
 * entry. Without a two-step code it is held for 24 hours (decision 120).
 */
export async function savedAddress(
  t: TestApp,
  user: CallerOf,
  fields: Partial<BodyOf<Calls["withdrawAddressAdd"]>> = {},
): Promise<DataOf<Calls["withdrawAddressAdd"]>> {
  const saved = await t.send("withdrawAddressAdd", {
    as: user,
    body: { currency: "USDT", network: "TRC20", address: TRON_ADDRESS, label: "Mine", ...fields },
  });
  expect(saved.body.code, saved.body.msg).toBe(1);
  return saved.body.data!;
}
