import { useState } from "react";
import { formatAmount, formatDateTime, formatDecimal, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminOrder, useUserBills, useUserOrders } from "../api/users";
import { ConsoleTable } from "./ConsoleTable";

function Bills({ uid }: { uid: number }) {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  return (
    <ConsoleTable
      query={useUserBills(uid, page)}
      paging={{ page, onChange: setPage }}
      columns={[
        { header: t("fields.time"), cell: (bill) => formatDateTime(bill.created_at) },
        { header: t("fields.type"), cell: (bill) => t(`billTypes.${bill.type}`, { defaultValue: bill.type }) },
        { header: t("fields.account"), cell: (bill) => t(`accounts.${bill.account}`, { defaultValue: bill.account }) },
        {
          header: t("fields.amount"),
          numeric: true,
          cell: (bill) => formatMoney(bill.amount, bill.currency, { signed: true }),
        },
        {
          header: t("fields.balanceAfter"),
          numeric: true,
          cell: (bill) => formatMoney(bill.balance_after, bill.currency),
        },
        { header: t("fields.reference"), className: "console-mono", cell: (bill) => bill.ref ?? "—" },
      ]}
    />
  );
}

const RESULT_TONE = { win: "success", lose: "danger" } as const;

/** Won, lost or even once settled; before that, the order's state. */
function OrderOutcome({ order }: { order: AdminOrder }) {
  const { t } = useTranslation("console");
  if (!order.result) {
    return <span className="console-badge console-badge--warning">{t(`orderStatus.${order.status}`)}</span>;
  }
  const tone = RESULT_TONE[order.result as keyof typeof RESULT_TONE] ?? "muted";
  return <span className={`console-badge console-badge--${tone}`}>{t(`results.${order.result}`)}</span>;
}

const price = (mark: { price: string } | null) => (mark ? formatDecimal(mark.price, { minFraction: 0 }) : "—");

function Orders({ uid }: { uid: number }) {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  return (
    <ConsoleTable
      query={useUserOrders(uid, page)}
      paging={{ page, onChange: setPage }}
      columns={[
        { header: t("fields.id"), cell: (order) => `#${order.id}` },
        { header: t("fields.pair"), cell: (order) => order.symbol },
        { header: t("fields.direction"), cell: (order) => t(`directions.${order.direction}`) },
        { header: t("fields.amount"), numeric: true, cell: (order) => formatMoney(order.amount, order.currency) },
        {
          header: t("fields.term"),
          cell: (order) => t("updown.term", { seconds: order.seconds, rate: order.payout_rate }),
        },
        {
          header: t("fields.entryExit"),
          numeric: true,
          cell: (order) => `${price(order.entry)} / ${price(order.exit)}`,
        },
        { header: t("fields.status"), cell: (order) => <OrderOutcome order={order} /> },
        {
          header: t("fields.profit"),
          numeric: true,
          cell: (order) => (order.profit === null ? "—" : formatAmount(order.profit, order.currency, { signed: true })),
        },
        { header: t("fields.placed"), cell: (order) => formatDateTime(order.accepted_at) },
      ]}
    />
  );
}

/** A user's money history, read only: ledger entries (bills) or up/down orders, a tab each. */
export function UserHistory({ uid }: { uid: number }) {
  const { t } = useTranslation("console");
  const [tab, setTab] = useState<"bills" | "orders">("bills");
  return (
    <section className="console-section">
      <div className="console-segments" role="tablist" aria-label={t("users.history")}>
        {(["bills", "orders"] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? "console-segment console-segment--active" : "console-segment"}
            onClick={() => setTab(key)}
          >
            {t(`users.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === "bills" ? <Bills uid={uid} /> : <Orders uid={uid} />}</div>
    </section>
  );
}
