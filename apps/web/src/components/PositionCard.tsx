import type { UpDownOrder } from "@cryptos/contract";
import { useEffect, useState } from "react";
import { formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { orderPath, standingAt } from "@/lib/positions";
import { Link } from "@/lib/router";

export interface PositionCardProps {
  order: UpDownOrder;
  /** The pair's live price (decimal string), to say how the order stands now. */
  price: string | null | undefined;
  priceDecimals: number;
  /** Other open orders of the same pair, listed under "In progress" on Trade. */
  others?: number;
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * The newest open up/down order of the shown pair, kept above the fold: direction, amount, entry price (or
 * "waiting for entry spot"), the countdown to settlement and whether it is winning at the live price right now
 * (labelled provisional: only the exit tick decides). Tapping it opens the order.
 */
export function PositionCard({ order, price, priceDecimals, others = 0 }: PositionCardProps) {
  const { t } = useTranslation("updown");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(order.settle_at) - now) / 1000));
  const standing = standingAt(order, price);
  const fmt = (value: string) => formatDecimal(value, { minFraction: priceDecimals });
  return (
    <Link
      to={orderPath(order.id)}
      className={`position-card position-card--${order.direction}`}
      data-testid="position-card"
      data-order-id={order.id}
    >
      <div className="position-card__top">
        <span className={`updown-direction updown-direction--${order.direction}`}>
          {order.direction === "up" ? "▲" : "▼"} {t(`direction.${order.direction}`)}
        </span>
        <span className="position-card__amount">{formatMoney(order.amount, order.currency)}</span>
        <span className="position-card__spacer" />
        {left > 0 ? (
          <span className="position-card__timer">
            <span className="position-card__label">{t("list.settlesIn")}</span>{" "}
            <strong role="timer" data-testid="position-countdown">
              {clock(left)}
            </strong>
          </span>
        ) : (
          <span className="position-card__timer">{t("position.settling")}</span>
        )}
      </div>
      <div className="position-card__prices">
        <div>
          <span className="position-card__label">{t("position.entry")}</span>
          <strong data-testid="position-entry">
            {order.entry ? fmt(order.entry.price) : t("status.awaiting_entry")}
          </strong>
        </div>
        <div>
          <span className="position-card__label">{t("position.now")}</span>
          <strong>{price ? fmt(price) : "—"}</strong>
        </div>
        {standing && (
          <span
            className={`position-card__standing position-card__standing--${standing}`}
            data-testid="position-standing"
            data-standing={standing}
            title={t("position.provisional")}
          >
            {t(`position.${standing}`)}
          </span>
        )}
      </div>
      {others > 0 && <div className="position-card__more">{t("position.more", { count: others })}</div>}
    </Link>
  );
}
