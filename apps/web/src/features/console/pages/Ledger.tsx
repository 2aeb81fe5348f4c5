import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useLedgerHealth } from "../api/get-dashboard";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { QueryState } from "../components/QueryState";

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
              <ConsoleTable
                variant="narrow"
                headless
                rows={
                  [
                    ["unbalancedEntries", data.unbalanced_entries],
                    ["mismatchedAccounts", data.mismatched_accounts],
                    ["negativeAccounts", data.negative_user_accounts],
                  ] as const
                }
                rowKey={([key]) => key}
                rowProps={([, value]) => ({ className: value > 0 ? "console-row--bad" : undefined })}
                columns={[
                  { header: t("ledger.checks"), rowHeader: true, cell: ([key]) => t(`ledger.${key}`) },
                  { header: t("ledger.total"), numeric: true, cell: ([, value]) => value },
                ]}
              />
            </section>
            <section className="console-section">
              <h2>{t("ledger.totals")}</h2>
              <ConsoleTable
                rows={data.totals}
                rowKey={(row) => `${row.currency}-${row.owner}`}
                columns={[
                  { header: t("fields.currency"), rowHeader: true, cell: (row) => row.currency },
                  {
                    header: t("ledger.owner"),
                    cell: (row) => t(`ledger.owners.${row.owner}`, { defaultValue: row.owner }),
                  },
                  { header: t("ledger.total"), numeric: true, cell: (row) => formatDecimal(row.total) },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </>
  );
}
