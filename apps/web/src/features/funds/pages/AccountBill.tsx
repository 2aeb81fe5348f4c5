import { ENTRY_TYPES } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";
import { useState } from "react";
import { BottomSheet } from "@/components/BottomSheet";
import { EmptyState } from "@/components/EmptyState";
import { ExportButton } from "@/components/ExportButton";
import { Page } from "@/components/Page";
import { Selector } from "@/components/Selector";
import { formatDateTime, formatMoney } from "@/lib/format";
import { type TFunction, useTranslation } from "@/lib/i18n";
import { useSearchParams } from "@/lib/router";
import { useRequireAuth, useSession } from "@/lib/session";
import { type BillRow, useBills } from "../api/get-bills";
import { PagedList } from "../components/PagedList";
import { type BillLine, billLines, type TransferLine } from "../lib/bill-lines";
import "../funds.css";

const ALL = "";

function accountName(t: TFunction, account: string) {
  return t(`bill.accounts.${account}`, { defaultValue: account });
}

function BillItem({ row }: { row: BillRow }) {
  const { t } = useTranslation("funds");
  const sign = compare(row.amount, "0");
  return (
    <article className="funds-row" data-testid={`bill-${row.id}`} data-type={row.type} data-kind="movement">
      <div className="funds-row__head">
        <span className="funds-row__title">
          {t(`bill.types.${row.type}`, { defaultValue: row.type })}
          {row.account !== "available" && <span className="funds-row__account">{accountName(t, row.account)}</span>}
        </span>
        <strong
          className={
            sign > 0 ? "funds-amount funds-amount--in" : sign < 0 ? "funds-amount funds-amount--out" : "funds-amount"
          }
          data-testid="bill-amount"
        >
          {formatMoney(row.amount, row.currency, { signed: true })}
        </strong>
      </div>
      <div className="funds-row__line">
        <span>{t("bill.balanceAfter")}</span>
        <span>{formatMoney(row.balance_after, row.currency)}</span>
      </div>
      <div className="funds-row__line">
        <span>{t("log.time")}</span>
        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
      </div>
    </article>
  );
}

/** Money moved between two of the user's own accounts: neutral, "Available → Frozen", no sign. */
function TransferItem({ line }: { line: TransferLine }) {
  const { t } = useTranslation("funds");
  const from = accountName(t, line.fromAccount);
  const to = accountName(t, line.toAccount);
  const balances = [line.from, line.to].filter((b): b is BillRow => b !== undefined);
  return (
    <article className="funds-row" data-testid={`bill-${line.key}`} data-type={line.type} data-kind="transfer">
      <div className="funds-row__head">
        <span className="funds-row__title">
          {t(`bill.types.${line.type}`, { defaultValue: line.type })}
          <span className="funds-row__account funds-row__account--transfer" data-testid="bill-transfer">
            {t("bill.transfer", { from, to })}
          </span>
        </span>
        <strong className="funds-amount funds-amount--transfer" data-testid="bill-amount">
          {formatMoney(line.amount, line.currency)}
        </strong>
      </div>
      {balances.map((b) => (
        <div className="funds-row__line" key={b.id}>
          <span>{t("bill.balanceAfterOf", { account: accountName(t, b.account) })}</span>
          <span>{formatMoney(b.balance_after, b.currency)}</span>
        </div>
      ))}
      <div className="funds-row__line">
        <span>{t("log.time")}</span>
        <time dateTime={line.created_at}>{formatDateTime(line.created_at)}</time>
      </div>
    </article>
  );
}

function BillLineItem({ line }: { line: BillLine }) {
  return line.kind === "transfer" ? <TransferItem line={line} /> : <BillItem row={line.bill} />;
}

/** A filter's button: what it is set to, opening the sheet that changes it. */
function FilterButton({ title, open, onOpen }: { title: string; open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="funds-filters__button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      <span>{title}</span>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
        <path d="M1 4l5 5 5-5z" fill="currentColor" />
      </svg>
    </button>
  );
}

export default function AccountBill() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState<"type" | "currency" | null>(null);
  const type = params.get("type") ?? ALL;
  const currency = params.get("currency") ?? ALL;
  const bills = useBills({ type: type || undefined, currency: currency || undefined });

  const setFilter = (key: "type" | "currency", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPicking(null);
  };

  const currencies = user?.users.balances.map((b) => b.currency) ?? [];
  const typeOptions = [
    { label: t("bill.allTypes"), value: ALL },
    ...ENTRY_TYPES.map((value) => ({ label: t(`bill.types.${value}`), value })),
  ];
  const currencyOptions = [
    { label: t("bill.allCurrencies"), value: ALL },
    ...currencies.map((value) => ({ label: value, value })),
  ];

  return (
    <Page
      title={t("common:pages.accountBill")}
      className="funds-page funds-page--flush"
      right={signedIn ? <ExportButton kind="bills" /> : undefined}
    >
      {signedIn && (
        <>
          <div className="funds-filters">
            <FilterButton
              title={type ? t(`bill.types.${type}`, { defaultValue: type }) : t("bill.type")}
              open={picking === "type"}
              onOpen={() => setPicking("type")}
            />
            <FilterButton
              title={currency || t("bill.currency")}
              open={picking === "currency"}
              onOpen={() => setPicking("currency")}
            />
          </div>
          <BottomSheet visible={picking === "type"} onClose={() => setPicking(null)} title={t("bill.type")}>
            <Selector
              columns={2}
              options={typeOptions}
              value={[type]}
              onChange={(values) => setFilter("type", values[0] ?? ALL)}
            />
          </BottomSheet>
          <BottomSheet visible={picking === "currency"} onClose={() => setPicking(null)} title={t("bill.currency")}>
            <Selector
              columns={4}
              options={currencyOptions}
              value={[currency]}
              onChange={(values) => setFilter("currency", values[0] ?? ALL)}
            />
          </BottomSheet>
          <div className="funds-tab-body">
            <PagedList
              query={bills}
              arrange={billLines}
              rowKey={(line) => line.key}
              renderRow={(line) => <BillLineItem line={line} />}
              empty={<EmptyState title={t("bill.empty")} />}
            />
          </div>
        </>
      )}
    </Page>
  );
}
