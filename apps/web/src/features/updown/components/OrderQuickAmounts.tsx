import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { QUICK_SHARES, shareOf } from "../lib/quick-amounts";

export interface OrderQuickAmountsProps {
  available: string | undefined;
  decimals: number;
  max: string;
  last: string | null;
  onPick: (amount: string) => void;
}

/** 25, 50 and 100 % of the balance (exact, cut to the currency's places, at most the pair's maximum) and the last amount. */
export function OrderQuickAmounts({ available, decimals, max, last, onPick }: OrderQuickAmountsProps) {
  const { t } = useTranslation("updown");
  const shares = QUICK_SHARES.map((percent) => ({
    percent,
    value: available ? shareOf(available, percent, decimals, max) : null,
  }));
  return (
    <fieldset className="updown-quick" aria-label={t("order.quickAmounts")}>
      {shares.map(({ percent, value }) => (
        <button
          key={percent}
          type="button"
          className="updown-quick__option"
          disabled={value === null}
          data-amount={value ?? undefined}
          onClick={() => value && onPick(value)}
        >
          {`${percent}%`}
        </button>
      ))}
      {last && (
        <button type="button" className="updown-quick__option" data-amount={last} onClick={() => onPick(last)}>
          {t("order.lastAmount", { amount: formatDecimal(last, { minFraction: 0 }) })}
        </button>
      )}
    </fieldset>
  );
}
