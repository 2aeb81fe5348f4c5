import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { PAGE_SIZE } from "../api/keys";
import { type AuditKind, useAuditLog } from "../api/logs";
import { useOperators } from "../api/security";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
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
  return (
    <>
      <ScreenHeader title={t("nav.audit")}>
        <form className="console-search" aria-label={t("audit.filters")} onSubmit={(event) => event.preventDefault()}>
          <label className="console-field console-field--inline">
            <span>{t("audit.kind")}</span>
            <select
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as AuditKind);
                setAction("");
                setPage(1);
              }}
            >
              {KINDS.map((name) => (
                <option key={name} value={name}>
                  {name === "all" ? t("common.all") : t(`audit.kinds.${name}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="console-field console-field--inline">
            <span>{t("audit.action")}</span>
            <select
              value={action}
              onChange={(event) => {
                setAction(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{t("common.all")}</option>
              {actions.map((name) => (
                <option key={name} value={name}>
                  {t(actionKey(name), { defaultValue: name })}
                </option>
              ))}
            </select>
          </label>
          <label className="console-field console-field--inline">
            <span>{t("audit.operator")}</span>
            <select
              value={operatorId}
              onChange={(event) => {
                setOperatorId(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{t("common.all")}</option>
              {operators.map((operator) => (
                <option key={operator.id} value={String(operator.id)}>
                  {operator.email === me ? `${operator.email} (${t("audit.me")})` : operator.email}
                </option>
              ))}
            </select>
          </label>
        </form>
      </ScreenHeader>
      <QueryState query={log}>
        {(data) => (
          <>
            <table className="console-table console-table--top">
              <thead>
                <tr>
                  <th scope="col">{t("fields.time")}</th>
                  <th scope="col">{t("audit.operator")}</th>
                  <th scope="col">{t("audit.action")}</th>
                  <th scope="col">{t("audit.target")}</th>
                  <th scope="col">{t("review.reason")}</th>
                  <th scope="col">{t("audit.change")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={6} />}
                {data.items.map((entry) => (
                  <tr key={entry.id} data-action={entry.action}>
                    <td>{formatDateTime(entry.created_at)}</td>
                    <td>
                      {entry.operator_email ?? "—"}
                      {entry.operator_id !== null && (
                        <button
                          type="button"
                          className="console-link"
                          aria-label={t("audit.onlyOperator", { id: entry.operator_id })}
                          onClick={() => {
                            setOperatorId(String(entry.operator_id));
                            setPage(1);
                          }}
                        >
                          #{entry.operator_id}
                          {entry.operator_email === me ? ` (${t("audit.me")})` : ""}
                        </button>
                      )}
                    </td>
                    <td>
                      <div>{t(actionKey(entry.action), { defaultValue: entry.action })}</div>
                      <code className="console-muted">{entry.action}</code>
                    </td>
                    <td>{entry.target_type ? `${entry.target_type} #${entry.target_id ?? ""}` : "—"}</td>
                    <td>{entry.reason ?? "—"}</td>
                    <td>
                      {entry.before === null && entry.after === null ? (
                        <span className="console-muted">—</span>
                      ) : (
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
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
