import { type AmountIssue, amountIssue, isValidAddressOn } from "@cryptos/contract";

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

/** The address-book sheet's rule: an address the network's format accepts (nothing said while empty). */
export function addressIssue(network: string, address: string): "invalid" | null {
  const typed = address.trim();
  return typed && !isValidAddressOn(network, typed) ? "invalid" : null;
}
