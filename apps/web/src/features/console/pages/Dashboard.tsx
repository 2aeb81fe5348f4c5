import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { useDashboard } from "../api/get-dashboard";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { QueryState } from "../components/QueryState";

/** A pending count that needs someone is marked. */
const cardClass = (pending: number) => (pending > 0 ? "console-card console-card--attention" : "console-card");

/** Pending reviews, users, ledger state and per-currency exposure at a glance (refreshes every 30 s). */
export function Dashboard() {
  const { t } = useTranslation("console");
  const dashboard = useDashboard();
  return (
    <>
      <ScreenHeader title={t("nav.dashboard")} />
      <QueryState query={dashboard}>
        {(data) => (
          <>
            <section className="console-cards" aria-label={t("dashboard.summary")}>
              <Link to="/admin/deposits" className={cardClass(data.pending.deposits)}>
                <span className="console-card__label">{t("dashboard.pendingDeposits")}</span>
                <strong className="console-card__value">{data.pending.deposits}</strong>
              </Link>
              <Link to="/admin/withdrawals" className={cardClass(data.pending.withdrawals)}>
                <span className="console-card__label">{t("dashboard.pendingWithdrawals")}</span>
                <strong className="console-card__value">{data.pending.withdrawals}</strong>
              </Link>
              <Link to="/admin/real-names" className={cardClass(data.pending.real_names)}>
                <span className="console-card__label">{t("dashboard.pendingRealNames")}</span>
                <strong className="console-card__value">{data.pending.real_names}</strong>
              </Link>
              <Link to="/admin/users" className="console-card">
                <span className="console-card__label">{t("dashboard.users")}</span>
                <strong className="console-card__value">{data.users.total}</strong>
                <span className="console-card__note">
                  {t("dashboard.joinedToday", { count: data.users.joined_today })}
                </span>
              </Link>
              <Link
                to="/admin/ledger"
                className={data.ledger_ok ? "console-card console-card--ok" : "console-card console-card--bad"}
              >
                <span className="console-card__label">{t("dashboard.ledger")}</span>
                <strong className="console-card__value">{data.ledger_ok ? t("ledger.ok") : t("ledger.bad")}</strong>
              </Link>
            </section>
            <section className="console-section">
              <h2>{t("dashboard.exposure")}</h2>
              <p className="console-muted">{t("dashboard.exposureHint")}</p>
              <ConsoleTable
                rows={data.exposure}
                rowKey={(row) => row.currency}
                columns={[
                  { header: t("fields.currency"), rowHeader: true, cell: (row) => row.currency },
                  { header: t("dashboard.usersHold"), numeric: true, cell: (row) => formatDecimal(row.users) },
                  { header: t("dashboard.house"), numeric: true, cell: (row) => formatDecimal(row.house) },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </>
  );
}
