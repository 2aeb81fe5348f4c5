import type { KlineInterval } from "@cryptos/contract";
import { Skeleton } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { useTranslation } from "@/lib/i18n";
import { TradeLayout } from "./TradeLayout";

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
    <TradeLayout
      busy
      signedIn={signedIn}
      pair={
        <span className="updown-market__pair">
          <Placeholder width="6.5rem" />
        </span>
      }
      price={<Placeholder width="9rem" />}
      interval={interval}
      onIntervalChange={onIntervalChange}
      chart={
        <div className="updown-frame__chart">
          <Skeleton animated className="updown-frame__chart-skeleton" />
        </div>
      }
      terms={Array.from({ length: TERM_CHIPS }, (_, i) => (
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
      limits={<Placeholder width="12rem" />}
      available={<Placeholder width="6rem" />}
      onLogin={onLogin}
      lists={!signedIn && <EmptyState title={t("list.signedOut")} />}
    />
  );
}
