import { type AmountIssue, amountIssue } from "@cryptos/contract";

/**
 * What a console amount may be (decision 164): the currency's `decimals` (unknown: only the request's places),
 * the request schema's places (`requestDecimals`, 8 unless told), and whether nothing (`optional`) or zero
 * (`zero`: a fee, a minimum deposit) is a setting too.
 */
export interface ConsoleAmountRule {
  decimals?: number | undefined;
  requestDecimals?: number;
  zero?: boolean;
  optional?: boolean;
}

const ZERO = /^0+(\.0*)?$/;

/**
 * Why the server would refuse `value` as the amount, in the order a form says it (the contract's `amountIssue`,
 * the rule the users' forms apply): not a plain decimal (or 10^15 and more), more places than the currency has,
 * not above zero. Null when it can be sent.
 */
export function consoleAmountIssue(value: string, rule: ConsoleAmountRule = {}): AmountIssue | null {
  const typed = value.trim();
  if (rule.optional && typed === "") return null;
  if (rule.zero && ZERO.test(typed)) return null;
  const requestDecimals = rule.requestDecimals ?? 8;
  return amountIssue(typed, { decimals: rule.decimals ?? requestDecimals, requestDecimals });
}

/** The amount as it is sent: trimmed, and a zero that the rule lets through as the server's "0". */
export function amountToSend(value: string, rule: ConsoleAmountRule = {}): string {
  const typed = value.trim();
  return rule.zero && ZERO.test(typed) ? "0" : typed;
}
