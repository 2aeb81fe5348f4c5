import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { type OperatorSession, useOperatorSessions, useSignOutEverywhere } from "../api/security";
import { errorMessage } from "../lib/operator-api";
import { ConsoleTable } from "./ConsoleTable";
import { Modal } from "./Modal";

/** The browser and system of a session, as far as its user agent tells. */
function DeviceName({ session }: { session: OperatorSession }) {
  const { t } = useTranslation("console");
  const { browser, os } = session.device;
  if (browser && os) return t("security.deviceOn", { browser, os });
  return browser ?? os ?? session.user_agent ?? t("security.unknown");
}

/** Where the operator is signed in, and the way to end all of it at once. */
export function OperatorSessions() {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const sessions = useOperatorSessions(page);
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="console-section" aria-labelledby="console-sessions-title">
      <div className="console-inline console-totp__head">
        <h2 id="console-sessions-title">{t("security.sessionsTitle")}</h2>
        <button type="button" className="console-button console-button--danger" onClick={() => setConfirming(true)}>
          {t("security.signOutEverywhere")}
        </button>
      </div>
      <p className="console-muted">{t("security.sessionsIntro")}</p>
      <ConsoleTable
        query={sessions}
        paging={{ page, onChange: setPage }}
        rowProps={(session) => ({ "data-current": session.current || undefined })}
        columns={[
          { header: t("security.signedIn"), cell: (session) => formatDateTime(session.created_at) },
          { header: t("security.lastUsed"), cell: (session) => formatDateTime(session.last_used_at) },
          { header: t("fields.address"), cell: (session) => session.ip ?? t("security.unknown") },
          {
            header: t("security.device"),
            title: (session) => session.user_agent ?? undefined,
            cell: (session) => <DeviceName session={session} />,
          },
          {
            header: t("security.thisSession"),
            hideHeader: true,
            cell: (session) =>
              session.current && (
                <span className="console-badge console-badge--success">{t("security.thisSession")}</span>
              ),
          },
        ]}
      />
      {confirming && (
        <Modal
          title={t("security.signOutEverywhere")}
          onClose={() => setConfirming(false)}
          actions={
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
                })
              }
            >
              {t("security.signOutEverywhere")}
            </button>
          }
        >
          <p>{t("security.signOutEverywhereConfirm")}</p>
        </Modal>
      )}
    </section>
  );
}
