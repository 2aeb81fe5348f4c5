import type { KlineInterval } from "@cryptos/contract";
import { Button, Skeleton } from "antd-mobile";
import { ChartIntervals } from "@/components/ChartIntervals";
import { EmptyState } from "@/components/EmptyState";
import { useTranslation } from "@/lib/i18n";

/** The default terms' count (30 s, 60 s, 120 s, 300 s): one row of chips. */
const TERM_CHIPS = 4;

/** A grey bar where a figure will be, as tall as the line it stands in. */
function Placeholder({ width }: { width: string }) {
  return (
    <span className="updown-placeholder" style={{ width }}>
      {"\u00a0"}
    </span>
  );
}

export interface TransactionFrameProps {
  signedIn: boolean;
  interval: KlineInterval;
  onIntervalChange: (interval: KlineInterval) => void;
  onLogin: () => void;
}

/**
 * The Trade page's sections at their final sizes before its settings arrive: what the prerendered shell draws
 * (issue 23), so that the answers fill the page in place, and the fixed texts (the section titles, the settlement
 * rule) and the controls that need no data (the chart's intervals, Log in) are there from the first paint.
 */
export function TransactionFrame({ signedIn, interval, onIntervalChange, onLogin }: TransactionFrameProps) {
  const { t } = useTranslation(["updown", "common"]);
  return (
    <div aria-busy="true">
      <section className="updown-section updown-market">
        <div className="updown-market__top">
          <span className="updown-market__pair">
            <Placeholder width="6.5rem" />
          </span>
        </div>
        <div className="updown-market__price">
          <span className="updown-row__label">{t("pair.currentPrice")}</span>
          <strong className="updown-market__value">
            <Placeholder width="9rem" />
          </strong>
        </div>
      </section>

      <section className="updown-section updown-section--chart">
        <div className="updown-intervals">
          <ChartIntervals value={interval} onChange={onIntervalChange} label={t("chart.interval")} />
        </div>
        <div className="updown-frame__chart">
          <Skeleton animated className="updown-frame__chart-skeleton" />
        </div>
      </section>

      <section className="updown-section" aria-labelledby="updown-terms-title">
        <h2 className="updown-section__title" id="updown-terms-title">
          {t("terms.title")}
        </h2>
        <ul className="updown-terms updown-terms--static">
          {Array.from({ length: TERM_CHIPS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
            <li key={i} className="updown-terms__chip">
              <span className="updown-terms__time">
                <Placeholder width="2.25rem" />
              </span>
              <span className="updown-terms__rate">
                <Placeholder width="2.75rem" />
              </span>
            </li>
          ))}
        </ul>
        <p className="updown-note">
          <Placeholder width="12rem" />
        </p>
        <p className="updown-note">{t("terms.rule")}</p>
      </section>

      <section className="updown-section updown-actions">
        {signedIn ? (
          <>
            <div className="updown-row">
              <span className="updown-row__label">{t("order.available")}</span>
              <Placeholder width="6rem" />
            </div>
            <div className="updown-actions__buttons">
              <Button color="success" size="large" disabled>
                ▲ {t("direction.up")}
              </Button>
              <Button color="danger" size="large" disabled>
                ▼ {t("direction.down")}
              </Button>
            </div>
          </>
        ) : (
          <Button block color="primary" size="large" onClick={onLogin}>
            {t("order.loginToTrade")}
          </Button>
        )}
      </section>
      {!signedIn && <EmptyState title={t("list.signedOut")} />}
    </div>
  );
}
