import { INCIDENT_KINDS } from "@cryptos/contract";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../accounts/mailer";
import type { AdminService } from "../admin/service";
import { type CheckSources, type CheckThresholds, findTrouble } from "./checks";
import type { IncidentKind, IncidentView } from "./kinds";
import { incidentMail } from "./mail";
import * as repo from "./repo";

export type { IncidentKind, IncidentView } from "./kinds";

export interface IncidentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface IncidentsOptions extends CheckThresholds {
  /** OPERATOR_EMAIL: mailed besides every operator of the operators table. */
  operatorEmail: string | undefined;
  /** Where the console is, for the mail's link. */
  publicOrigin: string;
}

const view = (row: repo.IncidentRow): IncidentView => ({
  id: row.id,
  kind: row.kind as IncidentKind,
  detail: row.detail,
  opened_at: row.openedAt.toISOString(),
  resolved_at: row.resolvedAt?.toISOString() ?? null,
});

/**
 * Operator alerts (decision 114): an incident opens when trouble is found and resolves when it is gone, and the
 * operators get one mail at each end, not one per check. Opening and resolving are single statements guarded by
 * the database (a partial unique index, a conditional update), so when several instances find the same trouble at
 * once exactly one of them mails. The console shows open incidents as a banner on every page.
 */
export class IncidentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      mailer: Mailer;
      admin: Pick<AdminService, "alertRecipients">;
      checks: CheckSources;
      log?: IncidentLog | undefined;
    },
    private readonly options: IncidentsOptions,
  ) {}

  /**
   * Opens an incident of `kind` with what was seen (`detail`: figures and names, no secrets) and mails the
   * operators, unless one of that kind is already open. Answers whether this call opened it. The backup scheduler
   * calls `raise("backup_failed", reason)` when a backup fails and `resolve("backup_failed")` after one succeeds.
   */
  async raise(kind: IncidentKind, detail: string): Promise<boolean> {
    const opened = await repo.openIncident(this.db, kind, detail.slice(0, 2000), this.clock.now());
    if (!opened) return false;
    this.deps.log?.warn({ incident: opened.id, kind, detail: opened.detail }, "operator alert: incident opened");
    await this.mailOperators(opened);
    return true;
  }

  /** Resolves the open incident of `kind` and mails the operators once; answers whether this call resolved it. */
  async resolve(kind: IncidentKind): Promise<boolean> {
    const resolved = await repo.resolveIncident(this.db, kind, this.clock.now());
    if (!resolved) return false;
    this.deps.log?.info({ incident: resolved.id, kind }, "operator alert: incident resolved");
    await this.mailOperators(resolved);
    return true;
  }

  /**
   * One round of the checks (the operator-alerts worker, one instance at a time under its lease): each kind of
   * trouble found opens its incident, each kind found gone resolves it. A check that cannot run (its reading
   * failed) leaves its incident as it is.
   */
  async runChecks(): Promise<void> {
    const found = await findTrouble(this.deps.checks, this.options, this.clock.now());
    for (const [kind, trouble] of found) {
      if (trouble === "unknown") continue;
      if (trouble) await this.raise(kind, trouble);
      else await this.resolve(kind);
    }
  }

  /** Open incidents first (newest first), then the latest resolved ones: the console's list. */
  async list(limit = 100): Promise<{ open: IncidentView[]; recent: IncidentView[] }> {
    const [open, recent] = await Promise.all([repo.openIncidents(this.db), repo.recentIncidents(this.db, limit)]);
    return { open: open.map(view), recent: recent.map(view) };
  }

  /** Every kind with whether an incident of it is open (the metrics). */
  async openKinds(): Promise<{ kind: IncidentKind; open: boolean }[]> {
    const open = new Set((await repo.openIncidents(this.db)).map((r) => r.kind));
    return INCIDENT_KINDS.map((kind) => ({ kind, open: open.has(kind) }));
  }

  private async mailOperators(row: repo.IncidentRow) {
    const listed = await this.deps.admin.alertRecipients();
    const to = new Set([this.options.operatorEmail, ...listed].filter(Boolean).map((e) => (e as string).toLowerCase()));
    for (const address of to) {
      await this.deps.mailer.send(incidentMail(address, view(row), this.options));
    }
  }
}
