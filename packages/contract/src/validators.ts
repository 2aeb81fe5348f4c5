import { z } from "zod";
import { CODE_LENGTH } from "./constants";
import { add, compare, decimalPlaces, significantDecimals } from "./decimal";

export { decimalPlaces, significantDecimals };

/**
 * The spec's generic validators (email, mobile, URL, ID card, number, digits, 6-digit code, amount with up to
 * 2 decimals). Forms and server schemas both use these, so a value the form accepts the server accepts too.
 */
export const patterns = {
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  mobile: /^\+?[1-9]\d{6,14}$/,
  url: /^https?:\/\/[^\s/$.?#].[^\s]*$/i,
  /** Mainland China resident ID: 17 digits and a check character. */
  idCard: /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  number: /^-?\d+(\.\d+)?$/,
  digits: /^\d+$/,
  code: new RegExp(`^\\d{${CODE_LENGTH}}$`),
  amount2: /^(0|[1-9]\d{0,17})(\.\d{1,2})?$/,
  /** Any non-negative decimal string; precision per currency is checked by the domain. */
  decimal: /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/,
  evmAddress: /^0x[0-9a-fA-F]{40}$/,
} as const;

export const isEmail = (v: string) => patterns.email.test(v) && v.length <= 254;
export const isMobile = (v: string) => patterns.mobile.test(v);
export const isUrl = (v: string) => patterns.url.test(v);
export const isNumber = (v: string) => patterns.number.test(v);
export const isDigits = (v: string) => patterns.digits.test(v);
export const isCode = (v: string) => patterns.code.test(v);
export const isAmount2 = (v: string) => patterns.amount2.test(v);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECKS = "10X98765432";
/** GB 11643 resident ID with its check character. */
export function isIdCard(v: string): boolean {
  if (!patterns.idCard.test(v)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return ID_CHECKS[sum % 11] === v[17]?.toUpperCase();
}

/**
 * Whole-number digits an amount may have: every amount is below 10^15, so that the sum of 100,000 of them still
 * fits NUMERIC(38, 18), which holds 20 (docs/decisions/053-amounts-are-below-10-15-where-they-enter.md).
 */
export const MAX_AMOUNT_INTEGER_DIGITS = 15;

/** Decimal amount as a string, strictly positive, at most `maxDecimals` places, below 10^15. */
export const amountString = (maxDecimals = 18) =>
  z
    .string()
    .trim()
    .regex(patterns.decimal, { error: "invalid_amount" })
    .refine((v) => decimalPlaces(v) <= maxDecimals, { error: "too_many_decimals" })
    .refine((v) => /[1-9]/.test(v), { error: "must_be_positive" })
    .refine((v) => v.split(".")[0]!.length <= MAX_AMOUNT_INTEGER_DIGITS, { error: "amount_too_large" });

export const emailString = z
  .string()
  .trim()
  .max(254)
  .refine(isEmail, { error: "invalid_email" })
  .transform((v) => v.toLowerCase());
export const codeString = z.string().trim().regex(patterns.code, { error: "invalid_code" });
/** A second-factor answer: the 6-digit code of an authenticator app, or one of the account's recovery codes. */
export const secondFactorString = z.string().trim().min(6).max(32);
export const evmAddressString = z.string().trim().regex(patterns.evmAddress, { error: "invalid_address" });

/** What is wrong with an amount, in the order a form says it; null when the amount can be sent. */
export type AmountIssue =
  | "invalid_amount"
  | "too_many_decimals"
  | "must_be_positive"
  | "below_min"
  | "above_max"
  | "insufficient_balance";

/**
 * The limits an amount is checked against. `decimals`: the currency's (the server refuses more significant
 * places); `requestDecimals`: what the request schema takes (amountString's, 8 unless told); `min`/`max`: the
 * product's or network's inclusive range; `available`: the balance that pays `amount + fee` (`fee` "0" unless told).
 */
export interface AmountLimits {
  decimals: number;
  requestDecimals?: number;
  min?: string | undefined;
  max?: string | undefined;
  available?: string | undefined;
  fee?: string | undefined;
}

/**
 * The amount rule the server applies to an order, a withdrawal, a subscription: a plain decimal, strictly
 * positive, within the request's and the currency's precision, within min..max, and payable from the balance
 * (the balance is checked again, under a lock, by the ledger). Forms call it as the user types, so that a button
 * is enabled only for an amount the server would take.
 */
export function amountIssue(value: string, limits: AmountLimits): AmountIssue | null {
  const v = value.trim();
  if (!patterns.decimal.test(v)) return "invalid_amount";
  // Past amountString's cap (decision 053) the request schema refuses it, whatever the product's range says.
  if (v.split(".")[0]!.length > MAX_AMOUNT_INTEGER_DIGITS) return "invalid_amount";
  if (decimalPlaces(v) > (limits.requestDecimals ?? 8)) return "too_many_decimals";
  if (!/[1-9]/.test(v)) return "must_be_positive";
  if (significantDecimals(v) > limits.decimals) return "too_many_decimals";
  if (limits.min !== undefined && compare(v, limits.min) < 0) return "below_min";
  if (limits.max !== undefined && compare(v, limits.max) > 0) return "above_max";
  if (limits.available !== undefined) {
    const total = limits.fee ? add(v, limits.fee) : v;
    if (compare(total, limits.available) > 0) return "insufficient_balance";
  }
  return null;
}
