import type { KlineInterval } from "@cryptos/contract";
import { Button } from "antd-mobile";
import type { ReactNode } from "react";
import { ChartIntervals } from "@/components/ChartIntervals";
import { useTranslation } from "@/lib/i18n";

export interface TradeLayoutProps {
  /** The frame before the settings arrive: figures are placeholders, the buttons are off. */
  busy: boolean;
  signedIn: boolean;
  /** Top of the market card: the pair (its picker) and badges. */
  pair: ReactNode;
  price: ReactNode;
  /** Beside the price: the 24 h change. */
  change?: ReactNode;
  interval: KlineInterval;
  onIntervalChange: (interval: KlineInterval) => void;
  chart: ReactNode;
  /** Under the chart: the open position. */
  position?: ReactNode;
  /** The term chips, each an `li`. */
  terms: ReactNode;
  /** The stake limits under the chips. */
  limits: ReactNode;
  available: ReactNode;
  onDirection?: (direction: "up" | "down") => void;
  onLogin: () => void;
  /** Under the actions: the pairs panel (wide screens). */
  pairs?: ReactNode;
  lists: ReactNode;
  /** The sheets the page opens. */
  children?: ReactNode;
}

/**
 * The Trade page's sections, one layout for the page and for the frame drawn before its settings arrive (the
 * prerendered shell's, issue 23): the same sizes, titles, rule and controls, so the answers fill the page in place.
 */
export function TradeLayout(props: TradeLayoutProps) {
  const { busy, signedIn, onDirection } = props;
  const { t } = useTranslation(["updown", "common"]);
  return (
    <div aria-busy={busy || undefined} className="updown-layout">
      <div className="updown-layout__main">
        <section className="updown-section updown-market">
          <div className="updown-market__top">{props.pair}</div>
          <div className="updown-market__price">
            <span className="updown-row__label">{t("pair.currentPrice")}</span>
            <strong className="updown-market__value" data-testid={busy ? undefined : "updown-current-price"}>
              {props.price}
            </strong>
            {props.change}
          </div>
        </section>

        <section className="updown-section updown-section--chart">
          <div className="updown-intervals">
            <ChartIntervals value={props.interval} onChange={props.onIntervalChange} label={t("chart.interval")} />
          </div>
          {props.chart}
        </section>
        {props.position}
      </div>

      <div className="updown-layout__side">
        <section className="updown-section updown-terms-section" aria-labelledby="updown-terms-title">
          <h2 className="updown-section__title" id="updown-terms-title">
            {t("terms.title")}
          </h2>
          <ul className="updown-terms updown-terms--static">{props.terms}</ul>
          <p className="updown-note">{props.limits}</p>
          <p className="updown-note">{t("terms.rule")}</p>
        </section>

        <section className="updown-section updown-actions">
          {signedIn ? (
            <>
              <div className="updown-row">
                <span className="updown-row__label">{t("order.available")}</span>
                {props.available}
              </div>
              <div className="updown-actions__buttons">
                <Button color="success" size="large" disabled={!onDirection} onClick={() => onDirection?.("up")}>
                  ▲ {t("direction.up")}
                </Button>
                <Button color="danger" size="large" disabled={!onDirection} onClick={() => onDirection?.("down")}>
                  ▼ {t("direction.down")}
                </Button>
              </div>
            </>
          ) : (
            <Button block color="primary" size="large" onClick={props.onLogin}>
              {t("order.loginToTrade")}
            </Button>
          )}
        </section>
        {props.pairs}
      </div>

      <div className="updown-layout__lists">{props.lists}</div>
      {props.children}
    </div>
  );
}
