import type { UpDownOrder } from "@cryptos/contract";
import { Button } from "antd-mobile";
import { BottomSheet } from "@/components/BottomSheet";
import { formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { orderPath } from "@/lib/positions";
import { useNavigate } from "@/lib/router";

export interface SettlementSheetProps {
  /** The settled order to show, or undefined when none is. */
  order: UpDownOrder | undefined;
  /** The pair's price precision, so entry and exit read as on the position card and the order detail. */
  priceDecimals: number;
  onClose: () => void;
}

/**
 * The result of an order that settled while its pair was on screen: result, entry and exit prices, what was paid
 * back and the profit, and the way to the order's detail (with every recorded tick). Stays until dismissed.
 */
export function SettlementSheet({ order, priceDecimals, onClose }: SettlementSheetProps) {
  const { t } = useTranslation("updown");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const fmt = (value: string) => formatDecimal(value, { minFraction: priceDecimals });
  const result = order?.result ?? "tie";
  const payout = order?.payout ?? "0";
  const profit = order?.profit ?? "0";
  const headline = order
    ? t(`settlement.${result}`, {
        amount: formatMoney(result === "win" ? profit : result === "lose" ? order.amount : payout, order.currency),
      })
    : "";
  return (
    <BottomSheet
      visible={order !== undefined}
      onClose={onClose}
      title={t("settlement.title")}
      className="settlement-sheet"
    >
      {order && (
        <div data-testid="settlement-sheet" data-result={result}>
          <p className={`settlement-sheet__headline settlement-sheet__headline--${result}`}>{headline}</p>
          <p className="settlement-sheet__what">
            {order.symbol} · {order.direction === "up" ? "▲" : "▼"} {t(`direction.${order.direction}`)} ·{" "}
            {t("terms.term", { seconds: order.seconds })}
          </p>
          <dl className="settlement-sheet__rows">
            <div>
              <dt>{t("detail.entry")}</dt>
              <dd data-testid="settlement-entry">{order.entry ? fmt(order.entry.price) : "—"}</dd>
            </div>
            <div>
              <dt>{t("detail.exit")}</dt>
              <dd data-testid="settlement-exit">{order.exit ? fmt(order.exit.price) : "—"}</dd>
            </div>
            <div>
              <dt>{t("detail.amount")}</dt>
              <dd>{formatMoney(order.amount, order.currency)}</dd>
            </div>
            <div>
              <dt>{t("detail.payout")}</dt>
              <dd data-testid="settlement-payout">{formatMoney(payout, order.currency)}</dd>
            </div>
            <div>
              <dt>{t("detail.profit")}</dt>
              <dd data-testid="settlement-profit">
                {`${formatDecimal(profit, { minFraction: 2, signed: true })} ${order.currency}`}
              </dd>
            </div>
          </dl>
          {result === "tie" && (
            <p className="settlement-sheet__note">
              {t(order.entry && order.exit ? "detail.explainTie" : "detail.noTick")}
            </p>
          )}
          <div className="settlement-sheet__actions">
            <Button
              block
              color="primary"
              size="large"
              onClick={() => {
                onClose();
                void navigate(orderPath(order.id));
              }}
            >
              {t("settlement.viewOrder")}
            </Button>
            <Button block fill="outline" size="large" onClick={onClose}>
              {tc("actions.close")}
            </Button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
