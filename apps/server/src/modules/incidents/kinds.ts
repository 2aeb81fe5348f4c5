import type { INCIDENT_KINDS } from "@cryptos/contract";

/** What an operator alert is about. `backup_failed` is raised by the backup scheduler; the others by the checks. */
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export interface IncidentView {
  id: number;
  kind: IncidentKind;
  detail: string;
  opened_at: string;
  resolved_at: string | null;
}
