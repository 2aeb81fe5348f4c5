import type { UpDownOrder } from "@cryptos/contract";
import { formatDateTime, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { formatClock, secondsLeft } from "../hooks/useNow";
import { orderPath } from "../lib/paths";
import { DirectionTag, ResultTag, StatusTag } from "./labels";

/** One order in the Trade tab's lists: a countdown while open, the result and profit once settled. */
export function OrderCard({ order, now }: { order: UpDownOrder; now: number }) {
  const { t } = useTranslation("updown");
  const settled = order.status === "settled";
  const left = secondsLeft(order.settle_at, now);
  return (
    <Link to={orderPath(order.id)} className="updown-card" data-testid="updown-order-card" data-order-id={order.id}>
      <div className="updown-card__top">
        <strong className="updown-card__symbol">{order.symbol}</strong>
        <DirectionTag direction={order.direction} />
        <span className="updown-card__spacer" />
        {settled && order.result ? <ResultTag result={order.result} /> : <StatusTag status={order.status} />}
      </div>
      <div className="updown-card__body">
        <div>
          <span className="updown-row__label">{t("order.amount")}</span>
          <span>{formatMoney(order.amount, order.currency)}</span>
        </div>
        {settled ? (
          <div>
            <span className="updown-row__label">{t("list.profit")}</span>
            <span className={order.profit?.startsWith("-") ? "updown-down" : "updown-up"}>
              {order.profit ? formatMoney(order.profit, order.currency, { signed: true }) : "—"}
            </span>
          </div>
        ) : (
          <div>
            <span className="updown-row__label">{t("list.settlesIn")}</span>
            <span className="updown-card__countdown" role="timer">
              {formatClock(left)}
            </span>
          </div>
        )}
        <div>
          <span className="updown-row__label">{t("order.settlementTime")}</span>
          <span>{t("terms.term", { seconds: order.seconds })}</span>
        </div>
      </div>
      <div className="updown-card__time">{formatDateTime(order.accepted_at)}</div>
    </Link>
  );
}
