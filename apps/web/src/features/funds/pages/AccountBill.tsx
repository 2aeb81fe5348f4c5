import { Dropdown, type DropdownRef, Selector } from "antd-mobile";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { formatDateTime, formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useRequireAuth, useSession } from "@/lib/session";
import { type BillRow, useBills } from "../api/get-bills";
import { PagedList } from "../components/PagedList";
import { BILL_TYPES } from "../lib/bill-types";
import { compare } from "../lib/decimal";
import "../funds.css";

const ALL = "";

function BillItem({ row }: { row: BillRow }) {
  const { t } = useTranslation("funds");
  const sign = compare(row.amount, "0");
  return (
    <article className="funds-row" data-testid={`bill-${row.id}`} data-type={row.type}>
      <div className="funds-row__head">
        <span className="funds-row__title">
          {t(`bill.types.${row.type}`, { defaultValue: row.type })}
          {row.account !== "available" && (
            <span className="funds-row__account">
              {t(`bill.accounts.${row.account}`, { defaultValue: row.account })}
            </span>
          )}
        </span>
        <strong
          className={
            sign > 0 ? "funds-amount funds-amount--in" : sign < 0 ? "funds-amount funds-amount--out" : "funds-amount"
          }
          data-testid="bill-amount"
        >
          {formatDecimal(row.amount, { minFraction: 2, signed: true })} {row.currency}
        </strong>
      </div>
      <div className="funds-row__line">
        <span>{t("bill.balanceAfter")}</span>
        <span>
          {formatDecimal(row.balance_after, { minFraction: 2 })} {row.currency}
        </span>
      </div>
      <div className="funds-row__line">
        <span>{t("log.time")}</span>
        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
      </div>
    </article>
  );
}

export default function AccountBill() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const dropdown = useRef<DropdownRef>(null);
  const type = params.get("type") ?? ALL;
  const currency = params.get("currency") ?? ALL;
  const bills = useBills({ type: type || undefined, currency: currency || undefined });

  const setFilter = (key: "type" | "currency", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    dropdown.current?.close();
  };

  const currencies = user?.users.balances.map((b) => b.currency) ?? [];
  const typeOptions = [
    { label: t("bill.allTypes"), value: ALL },
    ...BILL_TYPES.map((value) => ({ label: t(`bill.types.${value}`), value })),
  ];
  const currencyOptions = [
    { label: t("bill.allCurrencies"), value: ALL },
    ...currencies.map((value) => ({ label: value, value })),
  ];

  return (
    <Page title={t("common:pages.accountBill")} className="funds-page funds-page--flush">
      {signedIn && (
        <>
          <Dropdown ref={dropdown} className="funds-filters">
            <Dropdown.Item key="type" title={type ? t(`bill.types.${type}`, { defaultValue: type }) : t("bill.type")}>
              <div className="funds-filter-panel">
                <Selector
                  columns={2}
                  options={typeOptions}
                  value={[type]}
                  onChange={(values) => setFilter("type", values[0] ?? ALL)}
                />
              </div>
            </Dropdown.Item>
            <Dropdown.Item key="currency" title={currency || t("bill.currency")}>
              <div className="funds-filter-panel">
                <Selector
                  columns={4}
                  options={currencyOptions}
                  value={[currency]}
                  onChange={(values) => setFilter("currency", values[0] ?? ALL)}
                />
              </div>
            </Dropdown.Item>
          </Dropdown>
          <div className="funds-tab-body">
            <PagedList
              query={bills}
              rowKey={(r) => r.id}
              renderRow={(r) => <BillItem row={r} />}
              empty={<EmptyState title={t("bill.empty")} />}
            />
          </div>
        </>
      )}
    </Page>
  );
}
