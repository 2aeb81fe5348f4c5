import { APP_NAME } from "@cryptos/contract";
import { type MessageKey, translate } from "../../i18n/translate";
import { utcMinute } from "../../lib/clock";
import { type OutgoingMail, paragraphsToHtml } from "../accounts/mailer";
import type { CheckThresholds } from "./checks";
import type { IncidentKind, IncidentView } from "./kinds";

const WHAT: Record<IncidentKind, MessageKey> = {
  stale_feed: "incident_stale_feed",
  settlement_lag: "incident_settlement_lag",
  ledger_imbalance: "incident_ledger_imbalance",
  backup_failed: "incident_backup_failed",
  disk_low: "incident_disk_low",
};

/**
 * The operators' mail when an incident opens or resolves: what, since when, what the check saw, and where the
 * console is. Operators have no language of their own, so it is in English (the server catalogue's source); it
 * carries no secret.
 */
export function incidentMail(
  to: string,
  incident: IncidentView,
  options: CheckThresholds & { publicOrigin: string },
): OutgoingMail {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    translate("en", key, { app: APP_NAME, ...params });
  const what = t(WHAT[incident.kind], {
    seconds: incident.kind === "stale_feed" ? options.alertTickAgeSeconds : options.alertSettlementLagSeconds,
    percent: options.alertDiskFreePercent,
  });
  const resolved = incident.resolved_at;
  const subject = t(resolved ? "incident_mail_resolved" : "incident_mail_opened", { what });
  const paragraphs = [
    subject,
    t("incident_mail_opened_at", { time: utcMinute(new Date(incident.opened_at)) }),
    ...(resolved ? [t("incident_mail_resolved_at", { time: utcMinute(new Date(resolved)) })] : []),
    t("incident_mail_detail", { detail: incident.detail }),
    t("incident_mail_console", { url: `${options.publicOrigin.replace(/\/$/, "")}/#/admin/incidents` }),
  ];
  return { to, subject, text: paragraphs.join("\n\n"), html: paragraphsToHtml(paragraphs), secrets: [] };
}
