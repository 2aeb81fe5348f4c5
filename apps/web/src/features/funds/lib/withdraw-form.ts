import { type AmountIssue, amountIssue, CODE_LENGTH, isValidAddressOn } from "@cryptos/contract";
import { add, subtract } from "@cryptos/contract/decimal";
import type { BookStanding } from "./address-rule";

/** A withdrawal network as the withdraw sheet knows it (fee, limits, decimals). */
export interface WithdrawFormNetwork {
  network: string;
  fee: string;
  min_amount: string;
  max_amount: string;
  decimals: number;
}

export interface WithdrawFormIssues {
  /** "invalid": the typed address is not one of the network's format (checked as the server checks it). */
  address: "invalid" | null;
  /** What is wrong with the amount by the server's rule, the fee counted against the balance. */
  amount: AmountIssue | null;
}

/**
 * The withdraw sheet's field rules, the same the server applies (the contract's `isValidAddressOn` and
 * `amountIssue`): the address in the network's format, the amount within the currency's decimals, the network's
 * min..max, and amount + fee within the available balance. Nothing is said about an empty field.
 */
export function withdrawFormIssues(input: {
  network: WithdrawFormNetwork | undefined;
  address: string;
  amount: string;
  available: string;
}): WithdrawFormIssues {
  const { network } = input;
  const address = input.address.trim();
  const amount = input.amount.trim();
  if (!network) return { address: null, amount: null };
  return {
    address: address && !isValidAddressOn(network.network, address) ? "invalid" : null,
    amount: amount
      ? amountIssue(amount, {
          decimals: network.decimals,
          min: network.min_amount,
          max: network.max_amount,
          available: input.available,
          fee: network.fee,
        })
      : null,
  };
}

/** Why a withdrawal cannot go ahead as filled in, in the order the sheet says it (each a `withdraw.*` text). */
export type WithdrawBlocker = "needRealName" | "needAddress" | "invalidAddress" | "needUsableAddress" | "needAmount";

export interface WithdrawFormInput {
  network: WithdrawFormNetwork | undefined;
  address: string;
  amount: string;
  /** The available balance of the chosen currency. */
  available: string;
  /** Where the address stands with the address book (address-rule's `bookStanding`). */
  standing: BookStanding;
  /** The emailed code and the authenticator's code (asked for only with two-step verification on). */
  code: string;
  totp: string;
  totpOn: boolean;
  /** The network asks for a verified identity and the user has none. */
  realNameBlocked: boolean;
}

export interface WithdrawFormState {
  issues: WithdrawFormIssues;
  /** An amount is typed and the server would take it. */
  amountOk: boolean;
  /** What leaves the balance: amount + fee, once the amount is right. */
  total: string | null;
  /** The most that can be withdrawn: the balance less the fee ("0" without a network; may be negative). */
  maxAmount: string;
  /**
   * Why the withdrawal cannot go ahead, checked before an emailed code is asked for (so that no code is sent for a
   * withdrawal that cannot happen): identity, address (typed, in format, usable by the book's rule), then amount.
   * The authenticator code is not part of it: one typed before the email arrives could expire before Confirm.
   */
  blocker: WithdrawBlocker | null;
  /** Confirm may be pressed: nothing blocks, the emailed code is complete and, with two-step on, a code is typed. */
  ready: boolean;
}

/** The withdraw sheet's form rules as one pure function of what is typed and known; the server decides. */
export function withdrawFormState(input: WithdrawFormInput): WithdrawFormState {
  const { network, standing } = input;
  const issues = withdrawFormIssues(input);
  const amountOk = input.amount.trim() !== "" && issues.amount === null;
  const blocker: WithdrawBlocker | null = input.realNameBlocked
    ? "needRealName"
    : !network || !input.address.trim()
      ? "needAddress"
      : issues.address
        ? "invalidAddress"
        : standing === "notSaved" || standing === "held"
          ? "needUsableAddress"
          : !amountOk
            ? "needAmount"
            : null;
  return {
    issues,
    amountOk,
    total: network && amountOk ? add(input.amount, network.fee) : null,
    maxAmount: network ? subtract(input.available, network.fee) : "0",
    blocker,
    ready: blocker === null && input.code.length === CODE_LENGTH && (!input.totpOn || input.totp.trim().length >= 6),
  };
}

/** The address-book sheet's rule: an address the network's format accepts (nothing said while empty). */
export function addressIssue(network: string, address: string): "invalid" | null {
  const typed = address.trim();
  return typed && !isValidAddressOn(network, typed) ? "invalid" : null;
}
