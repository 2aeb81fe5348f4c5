import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AuditEntry, type AuditKind, useAuditLog } from "../api/logs";
import { useOperators } from "../api/security";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { SelectField } from "../components/Form";
import { useOperatorEmail } from "../lib/operator-session";

/** The audit actions the server records (matched exactly by the filter). */
export const AUDIT_ACTIONS = [
  "deposit.complete",
  "deposit.reject",
  "withdrawal.complete",
  "withdrawal.reject",
  "real_name.complete",
  "real_name.reject",
  "user.credit",
  "message.send",
  "pair.save",
  "updown.settings.save",
  "staking.product.save",
  "deposit_channel.save",
  "withdraw_network.save",
  "funds.settings",
  "news.save",
  "webview.hosts.save",
  "reserves.snapshot",
  "reserves.declare",
  "reserves.undeclare",
  "operator.login",
  "operator.login_failed",
  "operator.totp_setup",
  "operator.totp_enable",
  "operator.totp_disable",
  "operator.totp_reset",
  "operator.reauth_failed",
  "operator.sign_out_everywhere",
  "operator.password_set",
  "read.outbox",
  "read.users",
  "read.user",
  "read.user.bills",
  "read.user.orders",
  "read.real",
  "read.deposits",
  "read.withdrawals",
  "read.file",
  "read.chain",
] as const;

const actionKey = (action: string) => `audit.actions.${action.replaceAll(".", "_")}`;
const isRead = (action: string) => action.startsWith("read.");
const KINDS: AuditKind[] = ["change", "read", "all"];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="console-muted">—</span>;
  return <pre className="console-pre">{JSON.stringify(value, null, 2)}</pre>;
}

/** The before and after of a change, folded. */
function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("console");
  if (entry.before === null && entry.after === null) return <span className="console-muted">—</span>;
  return (
    <details>
      <summary>{t("audit.showChange")}</summary>
      <div className="console-diff">
        <div>
          <strong>{t("audit.before")}</strong>
          <Json value={entry.before} />
        </div>
        <div>
          <strong>{t("audit.after")}</strong>
          <Json value={entry.after} />
        </div>
      </div>
    </details>
  );
}

/**
 * Who did what, when, to what, and the before and after; filtered by kind, action and operator (a list of them).
 * Changes and sign-ins show first; the reads of users' personal data, many to a change, have their own view.
 */
export function Audit() {
  const { t } = useTranslation("console");
  const me = useOperatorEmail();
  const [kind, setKind] = useState<AuditKind>("change");
  const [action, setAction] = useState("");
  const [operatorId, setOperatorId] = useState("");
  const [page, setPage] = useState(1);
  const log = useAuditLog(kind, action, operatorId, page);
  const actions = AUDIT_ACTIONS.filter((name) => kind === "all" || isRead(name) === (kind === "read"));
  const operators = useOperators().data?.items ?? [];
  const all = { value: "", label: t("common.all") };
  // Any filter starts the list over at its first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  const mine = (email: string | null) => (email !== null && email === me ? ` (${t("audit.me")})` : "");
  return (
    <>
      <ScreenHeader title={t("nav.audit")}>
        <form className="console-search" aria-label={t("audit.filters")} onSubmit={(event) => event.preventDefault()}>
          <SelectField
            inline
            label={t("audit.kind")}
            value={kind}
            options={KINDS.map((name) => ({
              value: name,
              label: name === "all" ? t("common.all") : t(`audit.kinds.${name}`),
            }))}
            onChange={filter((next: AuditKind) => {
              setKind(next);
              setAction("");
            })}
          />
          <SelectField
            inline
            label={t("audit.action")}
            value={action}
            options={[
              all,
              ...actions.map((name) => ({ value: name, label: t(actionKey(name), { defaultValue: name }) })),
            ]}
            onChange={filter(setAction)}
          />
          <SelectField
            inline
            label={t("audit.operator")}
            value={operatorId}
            options={[
              all,
              ...operators.map((operator) => ({
                value: String(operator.id),
                label: `${operator.email}${mine(operator.email)}`,
              })),
            ]}
            onChange={filter(setOperatorId)}
          />
        </form>
      </ScreenHeader>
      <ConsoleTable
        query={log}
        paging={{ page, onChange: setPage }}
        variant="top"
        rowProps={(entry) => ({ "data-action": entry.action })}
        columns={[
          { header: t("fields.time"), cell: (entry) => formatDateTime(entry.created_at) },
          {
            header: t("audit.operator"),
            cell: (entry) => (
              <>
                {entry.operator_email ?? "—"}
                {entry.operator_id !== null && (
                  <button
                    type="button"
                    className="console-link"
                    aria-label={t("audit.onlyOperator", { id: entry.operator_id })}
                    onClick={() => filter(setOperatorId)(String(entry.operator_id))}
                  >
                    #{entry.operator_id}
                    {mine(entry.operator_email)}
                  </button>
                )}
              </>
            ),
          },
          {
            header: t("audit.action"),
            cell: (entry) => (
              <>
                <div>{t(actionKey(entry.action), { defaultValue: entry.action })}</div>
                <code className="console-muted">{entry.action}</code>
              </>
            ),
          },
          {
            header: t("audit.target"),
            cell: (entry) => (entry.target_type ? `${entry.target_type} #${entry.target_id ?? ""}` : "—"),
          },
          { header: t("review.reason"), cell: (entry) => entry.reason ?? "—" },
          { header: t("audit.change"), cell: (entry) => <Change entry={entry} /> },
        ]}
      />
    </>
  );
}
