import { add } from "@cryptos/contract/decimal";
import { Tabs, Tag } from "antd-mobile";
import { ExportButton } from "@/components/ExportButton";
import { Page } from "@/components/Page";
import { formatDateTime, formatMoney, formatRate } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useSearchParams } from "@/lib/router";
import { useRequireAuth } from "@/lib/session";
import { type DepositRow, useDeposits } from "../api/get-deposits";
import { type ExchangeRow, useExchanges } from "../api/get-exchanges";
import { useWithdrawals, type WithdrawalRow } from "../api/get-withdrawals";
import { PagedList } from "../components/PagedList";
import { ReviewStatusTag } from "../components/ReviewStatus";
import { LOG_TABS, type LogTab } from "../lib/paths";
import { readableRate } from "../lib/rate";
import "../funds.css";

/** Why the chain did not carry a withdrawal out, as the server records it; shown in the user's language. */
const CHAIN_REASONS = new Set(["chain_reverted", "chain_dropped", "chain_cancelled"]);

function Reason({ reason }: { reason: string | null }) {
  const { t } = useTranslation("funds");
  if (!reason) return null;
  return (
    <p className="funds-row__reason">
      {t("log.reason")}: {reason}
    </p>
  );
}

function DepositItem({ row }: { row: DepositRow }) {
  const { t } = useTranslation("funds");
  return (
    <article className="funds-row" data-testid={`deposit-${row.id}`}>
      <div className="funds-row__head">
        <span className="funds-row__title">
          {row.currency} · {row.network}
          {row.demo && (
            <Tag color="danger" fill="outline" className="funds-demo-tag">
              {t("recharge.demo")}
            </Tag>
          )}
        </span>
        <ReviewStatusTag status={row.status} />
      </div>
      <div className="funds-row__line">
        <span>{t("log.amount")}</span>
        <strong>{formatMoney(row.amount, row.currency)}</strong>
      </div>
      {row.chain && (
        <div className="funds-row__line" data-testid={`deposit-${row.id}-confirmations`}>
          <span>{t("log.confirmations")}</span>
          <span>
            {row.chain.confirmations} / {row.chain.required}
          </span>
        </div>
      )}
      {row.txid && (
        <div className="funds-row__line">
          <span>{t("log.txid")}</span>
          <span className="funds-break">{row.txid}</span>
        </div>
      )}
      {row.chain?.tx_url && (
        <div className="funds-row__line">
          <a href={row.chain.tx_url} target="_blank" rel="noopener noreferrer">
            {t("log.explorer")}
          </a>
        </div>
      )}
      <div className="funds-row__line">
        <span>{t("log.time")}</span>
        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
      </div>
      <Reason reason={row.reason} />
    </article>
  );
}

/** What amount + fee is for the user by now: frozen while under way, paid out once completed, returned otherwise. */
const TOTAL_LABEL: Record<WithdrawalRow["status"], string> = {
  pending: "withdraw.total",
  sending: "withdraw.total",
  completed: "log.totalPaid",
  rejected: "log.totalReturned",
  failed: "log.totalReturned",
};

function WithdrawalItem({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation("funds");
  return (
    <article className="funds-row" data-testid={`withdrawal-${row.id}`}>
      <div className="funds-row__head">
        <span className="funds-row__title">
          {row.currency} · {row.network}
        </span>
        <ReviewStatusTag status={row.status} />
      </div>
      <div className="funds-row__line">
        <span>{t("log.amount")}</span>
        <strong>{formatMoney(row.amount, row.currency)}</strong>
      </div>
      <div className="funds-row__line">
        <span>{t("withdraw.fee")}</span>
        <span>{formatMoney(row.fee, row.currency)}</span>
      </div>
      <div className="funds-row__line">
        <span>{t(TOTAL_LABEL[row.status])}</span>
        <span>{formatMoney(add(row.amount, row.fee), row.currency)}</span>
      </div>
      <div className="funds-row__line">
        <span>{t("withdraw.address")}</span>
        <span className="funds-break">{row.address}</span>
      </div>
      {row.tx_hash && (
        <div className="funds-row__line" data-testid={`withdrawal-${row.id}-hash`}>
          <span>{t("log.tx_hash")}</span>
          {row.explorer_url ? (
            <a className="funds-break" href={row.explorer_url} target="_blank" rel="noopener noreferrer">
              {row.tx_hash}
            </a>
          ) : (
            <span className="funds-break">{row.tx_hash}</span>
          )}
        </div>
      )}
      {row.status === "sending" && row.confirmations_required ? (
        <div className="funds-row__line">
          <span>{t("log.confirmations")}</span>
          <span data-testid={`withdrawal-${row.id}-confirmations`}>
            {row.confirmations ?? 0} / {row.confirmations_required}
          </span>
        </div>
      ) : null}
      <div className="funds-row__line">
        <span>{t("log.time")}</span>
        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
      </div>
      {row.completed_at && (
        <div className="funds-row__line">
          <span>{t("log.completedAt")}</span>
          <time dateTime={row.completed_at} data-testid={`withdrawal-${row.id}-completed`}>
            {formatDateTime(row.completed_at)}
          </time>
        </div>
      )}
      <Reason reason={row.reason && CHAIN_REASONS.has(row.reason) ? t(`log.${row.reason}`) : row.reason} />
    </article>
  );
}

function ExchangeItem({ row }: { row: ExchangeRow }) {
  const { t } = useTranslation("funds");
  const rate = readableRate(row.from, row.to, row.price);
  return (
    <article className="funds-row" data-testid={`exchange-${row.id}`}>
      <div className="funds-row__head">
        <span className="funds-row__title">
          {row.from} → {row.to}
        </span>
        <time className="funds-row__time" dateTime={row.created_at}>
          {formatDateTime(row.created_at)}
        </time>
      </div>
      <div className="funds-row__line">
        <span>{t("exchange.pay")}</span>
        <span>{formatMoney(row.amount, row.from)}</span>
      </div>
      <div className="funds-row__line">
        <span>{t("exchange.price")}</span>
        <span>
          1 {rate.base} = {formatRate(rate.rate, rate.quote)} {rate.quote}
        </span>
      </div>
      <div className="funds-row__line">
        <span>{t("exchange.feeShort")}</span>
        <span>{formatMoney(row.fee, row.to)}</span>
      </div>
      <div className="funds-row__line">
        <span>{t("exchange.receive")}</span>
        <strong>{formatMoney(row.receive, row.to)}</strong>
      </div>
    </article>
  );
}

// An on-chain deposit appears, gains confirmations and is credited while the list is open; a withdrawal is reviewed,
// signed, confirmed and completed: the app's `deposits` and `withdrawals` events read these lists again (MoneyLive).
function DepositList() {
  return <PagedList query={useDeposits()} rowKey={(r) => r.id} renderRow={(r) => <DepositItem row={r} />} />;
}
function WithdrawalList() {
  return <PagedList query={useWithdrawals()} rowKey={(r) => r.id} renderRow={(r) => <WithdrawalItem row={r} />} />;
}
function ExchangeList() {
  return <PagedList query={useExchanges()} rowKey={(r) => r.id} renderRow={(r) => <ExchangeItem row={r} />} />;
}

export default function RechargeLog() {
  const { t } = useTranslation("funds");
  const signedIn = useRequireAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab") as LogTab | null;
  const tab: LogTab = requested && LOG_TABS.includes(requested) ? requested : "deposits";

  return (
    <Page
      title={t("common:pages.rechargeLog")}
      className="funds-page funds-page--flush"
      right={signedIn ? <ExportButton key={tab} kind={tab} /> : undefined}
    >
      {signedIn && (
        <>
          <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="funds-tabs">
            {LOG_TABS.map((key) => (
              <Tabs.Tab key={key} title={t(`log.tabs.${key}`)} />
            ))}
          </Tabs>
          <div className="funds-tab-body" role="tabpanel" aria-label={t(`log.tabs.${tab}`)}>
            {tab === "deposits" && <DepositList />}
            {tab === "withdrawals" && <WithdrawalList />}
            {tab === "exchanges" && <ExchangeList />}
          </div>
        </>
      )}
    </Page>
  );
}
