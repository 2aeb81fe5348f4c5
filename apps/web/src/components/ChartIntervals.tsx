import { KLINE_INTERVALS, type KlineInterval } from "@cryptos/contract";
import { useTranslation } from "@/lib/i18n";

/**
 * The chart's interval picker, the same on every screen with a chart: every interval the contract serves
 * (1m 5m 15m 30m 1h 4h 1d 1w), labelled in one style per language (common.json `chart.intervals`).
 */
export function ChartIntervals({
  value,
  onChange,
  label,
}: {
  value: KlineInterval;
  onChange: (interval: KlineInterval) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="chart-intervals" aria-label={label ?? t("chart.interval")} data-testid="chart-intervals">
      {KLINE_INTERVALS.map((x) => (
        <button
          key={x}
          type="button"
          aria-pressed={x === value}
          className={x === value ? "chart-intervals__option is-active" : "chart-intervals__option"}
          onClick={() => onChange(x)}
        >
          {t(`chart.intervals.${x}`)}
        </button>
      ))}
    </fieldset>
  );
}
