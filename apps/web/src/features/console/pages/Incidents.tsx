import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useIncidents } from "../api/incidents";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { QueryState } from "../components/QueryState";

/**
 * Operator alerts, newest first: what, when it opened and when it resolved (open ones carry the banner above every
 * page). The checks and their thresholds are settings (README "Alerts"); each end of an incident is mailed once.
 */
export function Incidents() {
  const { t } = useTranslation("console");
  const incidents = useIncidents();
  return (
    <>
      <ScreenHeader title={t("nav.incidents")} />
      <p className="console-muted">{t("incidents.hint")}</p>
      <QueryState query={incidents}>
        {(data) => (
          <>
            {data.open.length === 0 && (
              <div className="console-banner console-banner--ok" role="status">
                {t("incidents.noneOpen")}
              </div>
            )}
            <ConsoleTable
              rows={data.recent}
              columns={[
                { header: t("incidents.kind"), cell: (incident) => t(`incidents.kinds.${incident.kind}`) },
                { header: t("incidents.opened"), cell: (incident) => formatDateTime(incident.opened_at) },
                {
                  header: t("incidents.resolved"),
                  cell: (incident) =>
                    incident.resolved_at ? (
                      formatDateTime(incident.resolved_at)
                    ) : (
                      <span className="console-badge console-badge--danger">{t("incidents.open")}</span>
                    ),
                },
                {
                  header: t("incidents.detail"),
                  className: "console-incidents__detail",
                  cell: (incident) => incident.detail,
                },
              ]}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
