import type { BodyOf, Calls } from "@cryptos/contract";
import type { CallerOf } from "../api-client";
import type { TestApp } from "../helper";

export type UpDownOrderInput = BodyOf<Calls["placeUpDownOrder"]>;

/** An up/down order's input: 10 USDT up on pair 1 (BTC/USDT) for 30 seconds, unless `fields` say. */
export const upDownOrder = (fields: Partial<UpDownOrderInput> = {}): UpDownOrderInput => ({
  productid: 1,
  direction: "up",
  amount: "10",
  seconds: 30,
  ...fields,
});

/** Places an up/down order as `user` (see `upDownOrder` for the defaults) and answers the server's envelope. */
export const placeUpDownOrder = (t: TestApp, user: CallerOf, fields: Partial<UpDownOrderInput> = {}) =>
  t.send("placeUpDownOrder", { as: user, body: upDownOrder(fields) });
