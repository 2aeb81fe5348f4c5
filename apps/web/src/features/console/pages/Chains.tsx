import { useState } from "react";
import { formatDateTime, formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { confirm, toast } from "@/lib/toast";
import {
  type ChainDepositRow,
  type ChainNetworkStatus,
  type ChainReconcileRow,
  useChainReconcile,
  useChainStatus,
  useRemoveChainNetwork,
} from "../api/chain";
import { ChainNetworkDialog } from "../components/ChainNetworkForm";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { EditButton } from "../components/EditButton";
import { QueryState } from "../components/QueryState";
import { StatusBadge } from "../components/StatusBadge";
import { errorMessage } from "../lib/operator-api";

/** A watcher that lags more than twice the confirmations, or whose last pass failed, delays crediting: shown red. */
const isBehind = (n: ChainNetworkStatus) => n.last_error !== null || (n.lag !== null && n.lag > n.confirmations * 2);
const blockOrDash = (value: number | null) => (value === null ? "—" : value.toLocaleString());

/** Where a network's settings come from: the file (read only here) or the console (Edit, Remove). */
function NetworkSource({ network, onEdit }: { network: ChainNetworkStatus; onEdit: () => void }) {
  const { t } = useTranslation("console");
  const remove = useRemoveChainNetwork();
  if (network.source === "file") {
    return (
      <p>
        <span className="console-badge console-badge--muted">{t("chains.form.fromFile")}</span>
      </p>
    );
  }
  const onRemove = async () => {
    const ok = await confirm({
      title: t("chains.form.removeTitle", { network: network.network }),
      content: t("chains.form.removeHint"),
      confirmText: t("common.remove"),
      cancelText: t("common.cancel"),
    });
    if (!ok) return;
    remove.mutate(network.network as Parameters<typeof remove.mutate>[0], {
      onSuccess: () => toast.success(t("chains.form.removed")),
      onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
    });
  };
  return (
    <div className="console-inline">
      <span className="console-muted">{t("chains.form.fromConsole")}</span>
      <EditButton label={t("chains.form.editTitle", { network: network.network })} onEdit={onEdit} />
      <button type="button" className="console-button" disabled={remove.isPending} onClick={() => void onRemove()}>
        {t("common.remove")}
      </button>
    </div>
  );
}

function NetworkCard({ network, onEdit }: { network: ChainNetworkStatus; onEdit: () => void }) {
  const { t } = useTranslation("console");
  const behind = isBehind(network);
  return (
    <section
      className={`console-card ${behind ? "console-card--bad" : "console-card--ok"}`}
      aria-label={network.network}
    >
      <span className="console-card__label">{t("chains.chainLabel", { id: network.chain_id })}</span>
      <span className="console-card__value">{network.network}</span>
      <NetworkSource network={network} onEdit={onEdit} />
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
      <ConsoleTable
        rows={network.currencies}
        rowKey={(c) => c.currency}
        columns={[
          { header: t("fields.currency"), cell: (c) => c.currency },
          { header: t("chains.token"), className: "console-mono", cell: (c) => c.token ?? t("chains.native") },
          { header: t("chains.decimals"), numeric: true, cell: (c) => c.decimals },
          { header: t("chains.minDeposit"), numeric: true, cell: (c) => c.min_deposit },
          { header: t("chains.form.withdrawFee"), numeric: true, cell: (c) => c.withdraw_fee },
        ]}
      />
    </section>
  );
}

/** Exact, not formatted: the remainder has more places than the currency keeps. */
const remainder = (row: ChainDepositRow) =>
  /^0(\.0*)?$/.test(row.remainder) ? "—" : `${row.remainder} ${row.currency}`;

function DepositsTable({ rows }: { rows: ChainDepositRow[] }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleTable
      rows={rows}
      columns={[
        { header: t("fields.id"), cell: (row) => `#${row.deposit_id}` },
        { header: t("fields.user"), cell: (row) => <Link to={`/admin/users/${row.user_id}`}>#{row.user_id}</Link> },
        { header: t("fields.network"), cell: (row) => row.network },
        { header: t("chains.credited"), numeric: true, cell: (row) => formatMoney(row.amount, row.currency) },
        { header: t("chains.remainder"), numeric: true, cell: remainder },
        {
          header: t("chains.confirmationsShort"),
          numeric: true,
          cell: (row) => `${row.confirmations}/${row.required}`,
        },
        { header: t("fields.status"), cell: (row) => <StatusBadge status={row.status} /> },
        { header: t("chains.txHash"), className: "console-mono", cell: (row) => row.tx_hash },
        { header: t("fields.time"), cell: (row) => formatDateTime(row.created_at) },
      ]}
    />
  );
}

const orDash = (value: string | null, currency: string) => (value === null ? "—" : `${value} ${currency}`);

function Difference({ row }: { row: ChainReconcileRow }) {
  const { t } = useTranslation("console");
  if (row.error) return <span className="console-mono">{t("chains.reconcile.noNode", { error: row.error })}</span>;
  return (
    <>
      <strong>{orDash(row.difference, row.currency)}</strong>
      {row.flagged && <span className="console-muted"> · {t("chains.reconcile.short")}</span>}
    </>
  );
}

/** Exact figures (the chain's units, not the currency's places); a row whose chain holds less than users is red. */
function ReconcileTable({ rows }: { rows: ChainReconcileRow[] }) {
  const { t } = useTranslation("console");
  return (
    <ConsoleTable
      rows={rows}
      rowKey={(row) => `${row.network}:${row.currency}`}
      rowProps={(row) => ({ className: row.flagged ? "console-row--bad" : undefined })}
      columns={[
        { header: t("fields.currency"), cell: (row) => row.currency },
        { header: t("fields.network"), cell: (row) => row.network },
        { header: t("chains.reconcile.users"), numeric: true, cell: (row) => orDash(row.users, row.currency) },
        {
          header: t("chains.reconcile.hotWallet"),
          numeric: true,
          cell: (row) => orDash(row.hot_wallet, row.currency),
        },
        {
          header: t("chains.reconcile.depositAddresses"),
          numeric: true,
          cell: (row) => orDash(row.deposit_addresses, row.currency),
        },
        { header: t("chains.reconcile.difference"), numeric: true, cell: (row) => <Difference row={row} /> },
        { header: t("chains.reconcile.block"), numeric: true, cell: (row) => blockOrDash(row.block) },
      ]}
    />
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
 * The networks with a node (issue 39): per network its cursor against the node's head and its last error, its
 * settings added and edited here or read only when CHAIN_NETWORKS_FILE sets them (decision 109); below, the
 * reconciliation and the latest on-chain deposits. Opening it is an audited read of users' deposits (decision
 * 099), so it refreshes on demand, not on a timer.
 */
export function Chains() {
  const { t } = useTranslation("console");
  const status = useChainStatus();
  const [editing, setEditing] = useState<ChainNetworkStatus | "new" | null>(null);
  const taken = status.data?.networks.map((n) => n.network) ?? [];
  return (
    <>
      <ScreenHeader title={t("nav.chains")}>
        <button type="button" className="console-button" onClick={() => void status.refetch()}>
          {t("common.refresh")}
        </button>
        <button type="button" className="console-button console-button--primary" onClick={() => setEditing("new")}>
          {t("chains.form.add")}
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
                  <NetworkCard key={network.network} network={network} onEdit={() => setEditing(network)} />
                ))}
              </div>
              <Reconciliation />
              <h2>{t("chains.recent")}</h2>
              <DepositsTable rows={data.deposits} />
            </>
          )
        }
      </QueryState>
      {editing && (
        <ChainNetworkDialog
          network={editing === "new" ? null : editing}
          taken={taken}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
