import { Skeleton } from "antd-mobile";
import type { CSSProperties } from "react";
import { useTranslation } from "@/lib/i18n";
import type { Bar } from "./bars";

/** Open, high, low and close of one candle, coloured up or down. */
export function ChartReadout({
  bar,
  hovered,
  priceText,
}: {
  bar: Bar;
  /** The crosshair's candle rather than the newest. */
  hovered: boolean;
  priceText: (value: number) => string;
}) {
  const { t } = useTranslation();
  const tone = bar.close >= bar.open ? "kline-readout__value is-up" : "kline-readout__value is-down";
  return (
    <div className="kline-readout" data-testid="kline-readout" data-hovered={hovered ? "true" : "false"}>
      {(["open", "high", "low", "close"] as const).map((k) => (
        <span key={k}>
          <span className="kline-readout__key">{t(`chart.${k}`)}</span>{" "}
          <span className={tone}>{priceText(bar[k])}</span>
        </span>
      ))}
    </div>
  );
}

/** What covers the chart instead of candles: a skeleton while loading, "no data", or a failure to tap to retry. */
export function ChartState({ state, onRetry }: { state: "loading" | "empty" | "failed"; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === "loading") {
    return (
      <div style={overlay} role="status" aria-label={t("status.loading")}>
        <Skeleton animated style={{ width: "100%", height: "100%", borderRadius: 8 }} />
      </div>
    );
  }
  if (state === "empty") {
    return (
      <div style={overlay}>
        <span style={note}>{t("status.empty")}</span>
      </div>
    );
  }
  return (
    <button type="button" style={{ ...overlay, ...retry }} onClick={onRetry}>
      <span style={note}>{t("status.requestFailed")}</span>
    </button>
  );
}

const overlay: CSSProperties = {
  position: "absolute",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: "var(--surface)",
  zIndex: 3,
};
const retry: CSSProperties = { border: 0, width: "100%", cursor: "pointer", font: "inherit" };
const note: CSSProperties = {
  color: "var(--text-secondary)",
  fontSize: "0.8125rem",
  padding: "0 1rem",
  textAlign: "center",
};
