import { Tag } from "antd-mobile";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { StakingOrderRow } from "../api/get-orders";
import { amount as fmt, percent } from "./format";

/** One custody order with every term it was taken on and where it stands. */
export function OrderCard({ order }: { order: StakingOrderRow }) {
  const { t } = useTranslation("staking");
  const inCustody = order.status === "in_custody";
  const rows: Array<[string, string]> = [
    [t("orders.principal"), `${fmt(order.principal, order.currency)} ${order.currency}`],
    [t("orders.earned"), `${fmt(order.earned, order.currency)} ${order.currency}`],
    [t("product.dailyRate"), percent(order.daily_rate)],
    [t("orders.daysPaid"), t("orders.daysPaidValue", { paid: order.days_paid, days: order.days })],
  ];
  if (inCustody && order.next_payout_at) rows.push([t("orders.nextPayout"), formatDateTime(order.next_payout_at)]);
  rows.push(
    [inCustody ? t("orders.maturity") : t("orders.maturedAt"), formatDateTime(order.matures_at)],
    [t("orders.subscribedAt"), formatDateTime(order.created_at)],
  );
  return (
    <article className="stk-order" aria-label={order.product_name}>
      <header className="stk-order__head">
        <span className="stk-order__name">{order.product_name}</span>
        <Tag color={inCustody ? "primary" : "default"} fill="outline">
          {inCustody ? t("status.in_custody") : t("status.settled")}
        </Tag>
      </header>
      <dl className="stk-terms">
        {rows.map(([label, value]) => (
          <div key={label} className="stk-terms__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
