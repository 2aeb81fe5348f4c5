import { z } from "zod";
import { CODE_LENGTH } from "./constants";

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

/** Counts the decimals of a decimal string ("1.250" has 3). */
export function decimalPlaces(v: string): number {
  const dot = v.indexOf(".");
  return dot === -1 ? 0 : v.length - dot - 1;
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

/** Decimals that carry a value: "10.50" has 1, "10.00" has 0 (the server's rule for a currency's precision). */
export function significantDecimals(v: string): number {
  const dot = v.indexOf(".");
  return dot === -1 ? 0 : v.slice(dot + 1).replace(/0+$/, "").length;
}

/** Exact comparison of two non-negative decimal strings (as `patterns.decimal` accepts): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [aw = "0", af = ""] = a.trim().split(".");
  const [bw = "0", bf = ""] = b.trim().split(".");
  const scale = Math.max(af.length, bf.length);
  const x = BigInt(`${aw}${af.padEnd(scale, "0")}`);
  const y = BigInt(`${bw}${bf.padEnd(scale, "0")}`);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** a + b for non-negative decimal strings, exact. */
export function addDecimals(a: string, b: string): string {
  const [aw = "0", af = ""] = a.trim().split(".");
  const [bw = "0", bf = ""] = b.trim().split(".");
  const scale = Math.max(af.length, bf.length);
  const digits = (BigInt(`${aw}${af.padEnd(scale, "0")}`) + BigInt(`${bw}${bf.padEnd(scale, "0")}`))
    .toString()
    .padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

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
  if (limits.min !== undefined && compareDecimals(v, limits.min) < 0) return "below_min";
  if (limits.max !== undefined && compareDecimals(v, limits.max) > 0) return "above_max";
  if (limits.available !== undefined) {
    const total = limits.fee ? addDecimals(v, limits.fee) : v;
    if (compareDecimals(total, limits.available) > 0) return "insufficient_balance";
  }
  return null;
}
