import { signOf } from "@cryptos/contract/decimal";
import { formatChange } from "../lib/format";

/** Green when up, red when down, grey when flat (the same in every language). */
export function changeClass(change: string | null | undefined): string {
  const sign = signOf(change);
  return sign > 0 ? "is-up" : sign < 0 ? "is-down" : "is-flat";
}

export interface ChangeTextProps {
  change: string | null | undefined;
  /** A filled pill (list rows) instead of coloured text. */
  pill?: boolean;
}

export function ChangeText({ change, pill = false }: ChangeTextProps) {
  const tone = changeClass(change);
  return <span className={pill ? `change-pill ${tone}` : `change-text ${tone}`}>{formatChange(change)}</span>;
}
