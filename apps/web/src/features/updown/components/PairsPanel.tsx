import { formatDecimal, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { TradablePair } from "../lib/types";

export interface PairsPanelProps {
  pairs: TradablePair[];
  selected: number | undefined;
  onSelect: (productId: number) => void;
}

/**
 * The desktop layout's markets list beside the chart (decision 122): every pair open for up/down orders, its price
 * and 24 h change; the pair shown is marked. On a phone the header's pair picker (a sheet) does this; CSS hides it.
 */
export function PairsPanel({ pairs, selected, onSelect }: PairsPanelProps) {
  const { t } = useTranslation("updown");
  return (
    <section className="updown-section updown-pairs-panel" aria-labelledby="updown-pairs-title">
      <h2 className="updown-section__title" id="updown-pairs-title">
        {t("pair.markets")}
      </h2>
      <ul className="updown-pairs-panel__list">
        {pairs.map(({ setting, pair }) => {
          const change = pair?.change_24h;
          const active = setting.productid === selected;
          return (
            <li key={setting.productid}>
              <button
                type="button"
                className={active ? "updown-pairs-panel__pair is-active" : "updown-pairs-panel__pair"}
                aria-current={active ? "true" : undefined}
                onClick={() => onSelect(setting.productid)}
              >
                <span className="updown-pairs-panel__symbol">{setting.symbol}</span>
                <span className="updown-pairs-panel__price">
                  {pair?.price ? formatDecimal(pair.price, { minFraction: pair.price_decimals }) : "—"}
                </span>
                <span className={change?.startsWith("-") ? "updown-down" : "updown-up"}>
                  {change ? formatPercent(change) : ""}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
