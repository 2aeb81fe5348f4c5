import type { Direction, UpDownResult, UpDownStatus } from "@cryptos/contract";
import { Tag } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation("updown");
  return (
    <span className={`updown-direction updown-direction--${direction}`}>
      {direction === "up" ? "▲" : "▼"} {t(`direction.${direction}`)}
    </span>
  );
}

const statusColor: Record<UpDownStatus, string> = {
  awaiting_entry: "default",
  trading: "primary",
  awaiting_settlement: "warning",
  settled: "default",
};

export function StatusTag({ status }: { status: UpDownStatus }) {
  const { t } = useTranslation("updown");
  return (
    <Tag color={statusColor[status]} fill="outline" className="updown-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Solid tags carry white text: the theme's fills, dark enough for it in both themes (app/styles.css). */
const resultColor: Record<UpDownResult, string> = {
  win: "var(--up-fill)",
  lose: "var(--down-fill)",
  tie: "var(--flat-fill)",
};

export function ResultTag({ result }: { result: UpDownResult }) {
  const { t } = useTranslation("updown");
  return (
    <Tag color={resultColor[result]} className="updown-result">
      {t(`result.${result}`)}
    </Tag>
  );
}
