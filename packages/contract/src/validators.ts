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
 * fits NUMERIC(38, 18), which holds 20 (decisions: amount limits).
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
