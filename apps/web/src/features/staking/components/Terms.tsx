import { add, multiply, truncate } from "@cryptos/contract/decimal";
import { amountFraction, formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { StakingProduct } from "../api/get-product";
import { apr, amount as fmt, percent } from "./format";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TermsProps {
  product: StakingProduct;
  /** A valid amount, or null before one is entered. */
  amount: string | null;
}

/** Every term of a subscription, the same list before and at confirmation. */
export function Terms({ product, amount }: TermsProps) {
  const { t } = useTranslation("staking");
  // As the server credits it: each day's interest cut to the currency's units, then one per day (exact).
  const decimals = amountFraction(product.currency).maxFraction;
  const interest = amount ? multiply(truncate(multiply(amount, product.daily_rate), decimals), product.days) : null;
  const rows: Array<[string, string, string?]> = [
    [t("product.dailyRate"), `${percent(product.daily_rate)} · ${t("product.apr", { rate: apr(product.daily_rate) })}`],
    [t("product.term"), t("product.daysValue", { count: product.days })],
  ];
  if (amount) {
    rows.unshift([t("confirm.amount"), `${fmt(amount, product.currency)} ${product.currency}`]);
    rows.push(
      [
        t("product.estimatedInterest"),
        `${fmt(interest ?? "0", product.currency)} ${product.currency}`,
        "estimated-interest",
      ],
      [
        t("product.totalAtMaturity"),
        `${fmt(add(amount, interest ?? "0"), product.currency)} ${product.currency}`,
        "total-at-maturity",
      ],
      [t("product.maturity"), formatDate(new Date(Date.now() + product.days * DAY_MS))],
    );
  }
  return (
    <dl className="stk-terms">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="stk-terms__row">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
