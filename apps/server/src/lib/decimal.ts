import { MAX_AMOUNT_INTEGER_DIGITS } from "@cryptos/contract";
import Decimal from "decimal.js";

/** Money arithmetic: decimal.js with enough precision for NUMERIC(38, 18). Never JavaScript numbers. */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -30, toExpPos: 40 });
export type Money = Decimal;

/** Plain decimal string without exponent or trailing zeros ("12.5", "0.00000001"). */
export const toAmount = (value: Decimal.Value): string => new Money(value).toFixed();

/** Rounds toward zero to a currency's decimals: what the house cannot pay in that unit, it does not pay. */
export const toCurrencyUnits = (value: Decimal.Value, decimals: number): Decimal =>
  new Money(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);

/**
 * Every amount that enters as one movement (deposit, withdrawal, exchange in and out, order, subscription) is below
 * this, 10^15: the contract's validator refuses more, and derived amounts are checked against it too.
 */
export const AMOUNT_LIMIT = new Money(10).pow(MAX_AMOUNT_INTEGER_DIGITS);
/** NUMERIC(38, 18) holds 20 whole-number digits: a stored amount or balance is below this, 10^20. */
export const COLUMN_LIMIT = new Money(10).pow(20);
