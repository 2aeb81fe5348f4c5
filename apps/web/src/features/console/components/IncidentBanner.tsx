import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { useIncidents } from "../api/incidents";

/** Every console page, while an operator alert is open: what, since when, and a link to the list (decision 114). */
export function IncidentBanner() {
  const { t } = useTranslation("console");
  const open = useIncidents().data?.open ?? [];
  if (open.length === 0) return null;
  return (
    <div className="console-banner console-banner--bad console-incidents" role="alert">
      <strong>{t("incidents.bannerTitle")}</strong>
      <ul>
        {open.map((incident) => (
          <li key={incident.id}>
            {t(`incidents.kinds.${incident.kind}`)}{" "}
            <span className="console-muted">{t("incidents.since", { time: formatDateTime(incident.opened_at) })}</span>
          </li>
        ))}
      </ul>
      <Link to="/admin/incidents" className="console-incidents__link">
        {t("incidents.seeAll")}
      </Link>
    </div>
  );
}
