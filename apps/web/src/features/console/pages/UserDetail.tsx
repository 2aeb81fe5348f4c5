import { useState } from "react";
import { formatDateTime, formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useParams } from "@/lib/router";
import { useUser } from "../api/users";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { QueryState } from "../components/QueryState";
import { StatusBadge } from "../components/StatusBadge";
import { CreditDialog, MessageDialog, TotpResetDialog } from "../components/UserDialogs";
import { UserHistory } from "../components/UserHistory";

/** One user: profile, balances, and read-only bills and up/down orders; credit score and messages. */
export function UserDetail() {
  const { t } = useTranslation("console");
  const uid = Number(useParams().uid);
  const user = useUser(uid);
  const [dialog, setDialog] = useState<"credit" | "message" | "totp" | null>(null);
  return (
    <>
      <ScreenHeader title={t("users.detailTitle", { id: uid })}>
        <Link to="/admin/users" className="console-button">
          {t("users.backToList")}
        </Link>
      </ScreenHeader>
      <QueryState query={user}>
        {(data) => {
          // Every currency has an account; the ones holding nothing would push the history off the screen.
          const held = data.balances.filter((row) => /[1-9]/.test(row.available) || /[1-9]/.test(row.frozen));
          return (
            <>
              <section className="console-section console-profile">
                <dl className="console-dl">
                  <dt>{t("fields.email")}</dt>
                  <dd>{data.email ?? "—"}</dd>
                  <dt>{t("fields.address")}</dt>
                  <dd className="console-mono">{data.address ?? "—"}</dd>
                  <dt>{t("fields.creditScore")}</dt>
                  <dd>{data.credit_score}</dd>
                  <dt>{t("fields.realName")}</dt>
                  <dd>
                    <StatusBadge status={data.real_name_status} />
                  </dd>
                  <dt>{t("fields.twoStep")}</dt>
                  <dd>{data.totp_enabled ? t("users.totpOn") : t("users.totpOff")}</dd>
                  <dt>{t("fields.joined")}</dt>
                  <dd>{formatDateTime(data.created_at)}</dd>
                </dl>
                <div className="console-profile__actions">
                  <button type="button" className="console-button" onClick={() => setDialog("credit")}>
                    {t("users.changeCredit")}
                  </button>
                  <button type="button" className="console-button" onClick={() => setDialog("message")}>
                    {t("users.sendMessage")}
                  </button>
                  {data.totp_enabled && (
                    <button
                      type="button"
                      className="console-button console-button--danger"
                      onClick={() => setDialog("totp")}
                    >
                      {t("users.totpReset")}
                    </button>
                  )}
                </div>
              </section>
              <section className="console-section">
                <h2>{t("users.balances")}</h2>
                <ConsoleTable
                  rows={held}
                  rowKey={(row) => row.currency}
                  columns={[
                    { header: t("fields.currency"), rowHeader: true, cell: (row) => row.currency },
                    { header: t("accounts.available"), numeric: true, cell: (row) => formatDecimal(row.available) },
                    { header: t("accounts.frozen"), numeric: true, cell: (row) => formatDecimal(row.frozen) },
                  ]}
                />
                {held.length < data.balances.length && (
                  <p className="console-muted">
                    {t("users.zeroHidden", { count: data.balances.length - held.length })}
                  </p>
                )}
              </section>
              <UserHistory uid={uid} />
              {dialog === "credit" && <CreditDialog user={data} onClose={() => setDialog(null)} />}
              {dialog === "message" && <MessageDialog uid={uid} onClose={() => setDialog(null)} />}
              {dialog === "totp" && <TotpResetDialog user={data} onClose={() => setDialog(null)} />}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
