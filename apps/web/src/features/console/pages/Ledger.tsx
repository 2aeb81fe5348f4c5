import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useLedgerHealth } from "../api/get-dashboard";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EmptyRow, QueryState } from "../components/QueryState";

/** The ledger's invariant checks (red when any fails) and its totals per currency and owner. */
export function Ledger() {
  const { t } = useTranslation("console");
  const health = useLedgerHealth();
  return (
    <>
      <ScreenHeader title={t("nav.ledger")}>
        <button type="button" className="console-button" onClick={() => void health.refetch()}>
          {t("common.refresh")}
        </button>
      </ScreenHeader>
      <QueryState query={health}>
        {(data) => (
          <>
            <div
              className={data.ok ? "console-banner console-banner--ok" : "console-banner console-banner--bad"}
              role={data.ok ? "status" : "alert"}
            >
              <strong>{data.ok ? t("ledger.ok") : t("ledger.bad")}</strong>
              <span>{data.ok ? t("ledger.okHint") : t("ledger.badHint")}</span>
            </div>
            <section className="console-section">
              <h2>{t("ledger.checks")}</h2>
              <table className="console-table console-table--narrow">
                <tbody>
                  {(
                    [
                      ["unbalancedEntries", data.unbalanced_entries],
                      ["mismatchedAccounts", data.mismatched_accounts],
                      ["negativeAccounts", data.negative_user_accounts],
                    ] as const
                  ).map(([key, value]) => (
                    <tr key={key} className={value > 0 ? "console-row--bad" : undefined}>
                      <th scope="row">{t(`ledger.${key}`)}</th>
                      <td className="num">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="console-section">
              <h2>{t("ledger.totals")}</h2>
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">{t("fields.currency")}</th>
                    <th scope="col">{t("ledger.owner")}</th>
                    <th scope="col" className="num">
                      {t("ledger.total")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.totals.length === 0 && <EmptyRow columns={3} />}
                  {data.totals.map((row) => (
                    <tr key={`${row.currency}-${row.owner}`}>
                      <th scope="row">{row.currency}</th>
                      <td>{t(`ledger.owners.${row.owner}`, { defaultValue: row.owner })}</td>
                      <td className="num">{formatDecimal(row.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </QueryState>
    </>
  );
}
