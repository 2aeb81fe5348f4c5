import { formatDateTime, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import {
  type ChainDepositRow,
  type ChainNetworkStatus,
  type ChainReconcileRow,
  useChainReconcile,
  useChainStatus,
} from "../api/chain";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EmptyRow, QueryState } from "../components/QueryState";
import { StatusBadge } from "../components/StatusBadge";

/** A watcher that lags more than twice the confirmations, or whose last pass failed, delays crediting: shown red. */
const isBehind = (n: ChainNetworkStatus) => n.last_error !== null || (n.lag !== null && n.lag > n.confirmations * 2);
const blockOrDash = (value: number | null) => (value === null ? "—" : value.toLocaleString());

function NetworkCard({ network }: { network: ChainNetworkStatus }) {
  const { t } = useTranslation("console");
  const behind = isBehind(network);
  return (
    <section
      className={`console-card ${behind ? "console-card--bad" : "console-card--ok"}`}
      aria-label={network.network}
    >
      <span className="console-card__label">{t("chains.chainLabel", { id: network.chain_id })}</span>
      <span className="console-card__value">{network.network}</span>
      <dl className="console-dl">
        <dt>{t("chains.node")}</dt>
        <dd className="console-mono">{network.node}</dd>
        <dt>{t("chains.confirmations")}</dt>
        <dd>{network.confirmations}</dd>
        <dt>{t("chains.watched")}</dt>
        <dd>
          {blockOrDash(network.block)} / {blockOrDash(network.head)}
        </dd>
        <dt>{t("chains.lag")}</dt>
        <dd>
          <strong>{blockOrDash(network.lag)}</strong>
          {network.lag !== null && network.lag > network.confirmations * 2 && (
            <span className="console-muted"> · {t("chains.behind")}</span>
          )}
        </dd>
        <dt>{t("chains.lastPass")}</dt>
        <dd>{network.passed_at ? formatDateTime(network.passed_at) : t("chains.notYet")}</dd>
      </dl>
      {network.last_error && (
        <p role="alert">
          {t("chains.lastError", { at: network.last_error_at ? formatDateTime(network.last_error_at) : "—" })}{" "}
          <span className="console-mono">{network.last_error}</span>
        </p>
      )}
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t("fields.currency")}</th>
            <th scope="col">{t("chains.token")}</th>
            <th scope="col" className="num">
              {t("chains.decimals")}
            </th>
            <th scope="col" className="num">
              {t("chains.minDeposit")}
            </th>
          </tr>
        </thead>
        <tbody>
          {network.currencies.map((c) => (
            <tr key={c.currency}>
              <td>{c.currency}</td>
              <td className="console-mono">{c.token ?? t("chains.native")}</td>
              <td className="num">{c.decimals}</td>
              <td className="num">{c.min_deposit}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DepositsTable({ rows }: { rows: ChainDepositRow[] }) {
  const { t } = useTranslation("console");
  return (
    <table className="console-table">
      <thead>
        <tr>
          <th scope="col">{t("fields.id")}</th>
          <th scope="col">{t("fields.user")}</th>
          <th scope="col">{t("fields.network")}</th>
          <th scope="col" className="num">
            {t("chains.credited")}
          </th>
          <th scope="col" className="num">
            {t("chains.remainder")}
          </th>
          <th scope="col" className="num">
            {t("chains.confirmationsShort")}
          </th>
          <th scope="col">{t("fields.status")}</th>
          <th scope="col">{t("chains.txHash")}</th>
          <th scope="col">{t("fields.time")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <EmptyRow columns={9} />}
        {rows.map((row) => (
          <tr key={row.id}>
            <td>#{row.deposit_id}</td>
            <td>
              <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link>
            </td>
            <td>{row.network}</td>
            <td className="num">{formatMoney(row.amount, row.currency)}</td>
            {/* Exact, not formatted: the remainder has more places than the currency keeps. */}
            <td className="num">{/^0(\.0*)?$/.test(row.remainder) ? "—" : `${row.remainder} ${row.currency}`}</td>
            <td className="num">
              {row.confirmations}/{row.required}
            </td>
            <td>
              <StatusBadge status={row.status} />
            </td>
            <td className="console-mono">{row.tx_hash}</td>
            <td>{formatDateTime(row.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const orDash = (value: string | null, currency: string) => (value === null ? "—" : `${value} ${currency}`);

/** Exact figures (the chain's units, not the currency's places); a row whose chain holds less than users is red. */
function ReconcileTable({ rows }: { rows: ChainReconcileRow[] }) {
  const { t } = useTranslation("console");
  return (
    <table className="console-table">
      <thead>
        <tr>
          <th scope="col">{t("fields.currency")}</th>
          <th scope="col">{t("fields.network")}</th>
          <th scope="col" className="num">
            {t("chains.reconcile.users")}
          </th>
          <th scope="col" className="num">
            {t("chains.reconcile.hotWallet")}
          </th>
          <th scope="col" className="num">
            {t("chains.reconcile.depositAddresses")}
          </th>
          <th scope="col" className="num">
            {t("chains.reconcile.difference")}
          </th>
          <th scope="col" className="num">
            {t("chains.reconcile.block")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <EmptyRow columns={7} />}
        {rows.map((row) => (
          <tr key={`${row.network}:${row.currency}`} className={row.flagged ? "console-row--bad" : undefined}>
            <td>{row.currency}</td>
            <td>{row.network}</td>
            <td className="num">{orDash(row.users, row.currency)}</td>
            <td className="num">{orDash(row.hot_wallet, row.currency)}</td>
            <td className="num">{orDash(row.deposit_addresses, row.currency)}</td>
            <td className="num">
              {row.error ? (
                <span className="console-mono">{t("chains.reconcile.noNode", { error: row.error })}</span>
              ) : (
                <>
                  <strong>{orDash(row.difference, row.currency)}</strong>
                  {row.flagged && <span className="console-muted"> · {t("chains.reconcile.short")}</span>}
                </>
              )}
            </td>
            <td className="num">{row.block === null ? "—" : row.block.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Reconciliation() {
  const { t } = useTranslation("console");
  const reconcile = useChainReconcile();
  return (
    <>
      <h2>{t("chains.reconcile.title")}</h2>
      <p className="console-muted">{t("chains.reconcile.hint")}</p>
      <button type="button" className="console-button" onClick={() => void reconcile.refetch()}>
        {t("common.refresh")}
      </button>
      <QueryState query={reconcile}>{(data) => <ReconcileTable rows={data.rows} />}</QueryState>
    </>
  );
}

/**
 * The chain watcher, read only (issue 39): per network with a node, its cursor against the node's head and its last
 * error; below, the latest on-chain deposits with what their truncation left uncredited. Opening it is an audited
 * read of users' deposits (decision 099), so it refreshes on demand, not on a timer.
 */
export function Chains() {
  const { t } = useTranslation("console");
  const status = useChainStatus();
  return (
    <>
      <ScreenHeader title={t("nav.chains")}>
        <button type="button" className="console-button" onClick={() => void status.refetch()}>
          {t("common.refresh")}
        </button>
      </ScreenHeader>
      <QueryState query={status}>
        {(data) =>
          data.networks.length === 0 ? (
            <p className="console-banner" role="status">
              {t("chains.none")}
            </p>
          ) : (
            <>
              <div className="console-cards console-cards--wide">
                {data.networks.map((network) => (
                  <NetworkCard key={network.network} network={network} />
                ))}
              </div>
              <Reconciliation />
              <h2>{t("chains.recent")}</h2>
              <DepositsTable rows={data.deposits} />
            </>
          )
        }
      </QueryState>
    </>
  );
}
