import { significantDecimals } from "@cryptos/contract/decimal";
import { AMOUNT_LIMIT, Money } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";

/** The amount rule the forms apply too (the contract's `significantDecimals`): "1.50" has one place, not two. */
export function checkPrecision(amount: string, currency: { code: string; decimals: number }) {
  const value = new Money(amount);
  if (value.gte(AMOUNT_LIMIT)) throw new Refusal("amount_too_large", { field: "amount" });
  if (significantDecimals(value.toFixed()) > currency.decimals) {
    throw new Refusal("amount_too_precise", { currency: currency.code, decimals: currency.decimals });
  }
  return value;
}

export const iso = (d: Date | null) => d?.toISOString() ?? null;
