import Decimal from "decimal.js";

/** Money arithmetic: decimal.js with enough precision for NUMERIC(38, 18). Never JavaScript numbers. */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -30, toExpPos: 40 });
export type Money = Decimal;

/** Plain decimal string without exponent or trailing zeros ("12.5", "0.00000001"). */
export const toAmount = (value: Decimal.Value): string => new Money(value).toFixed();

/** Rounds toward zero to a currency's decimals: what the house cannot pay in that unit, it does not pay. */
export const toCurrencyUnits = (value: Decimal.Value, decimals: number): Decimal =>
  new Money(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
