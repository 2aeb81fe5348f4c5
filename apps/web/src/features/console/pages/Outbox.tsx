import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type OutboxMail, useOutbox } from "../api/logs";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";

/** Sent, failed (with the reason) or kept unsent for want of SMTP. */
function MailStatus({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation("console");
  return (
    <>
      {mail.error ? (
        <span className="console-badge console-badge--danger" title={mail.error}>
          {t("outbox.failed")}
        </span>
      ) : mail.sent_at ? (
        <span className="console-badge console-badge--success">{t("outbox.sent")}</span>
      ) : (
        <span className="console-badge console-badge--muted">{t("outbox.kept")}</span>
      )}
      {mail.error && <div className="console-muted">{mail.error}</div>}
    </>
  );
}

/**
 * Mail the server sent or kept, newest first; a row opens to its text. With SMTP the copies have their codes masked;
 * without it (the demo) nobody receives the mail and its codes show here, under a banner saying so (decision 099).
 */
export function Outbox() {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const delivering = outbox.data?.delivering;
  return (
    <>
      <ScreenHeader title={t("nav.outbox")} />
      {outbox.isSuccess && (
        <div
          className={delivering ? "console-banner console-banner--ok" : "console-banner console-banner--bad"}
          role={delivering ? "status" : "alert"}
        >
          <strong>{delivering ? t("outbox.delivering") : t("outbox.notDelivering")}</strong>
          <span>{delivering ? t("outbox.deliveringHint") : t("outbox.notDeliveringHint")}</span>
        </div>
      )}
      <ConsoleTable
        query={outbox}
        paging={{ page, onChange: setPage }}
        columns={[
          { header: t("fields.time"), cell: (mail) => formatDateTime(mail.created_at) },
          { header: t("outbox.to"), cell: (mail) => mail.to },
          {
            header: t("outbox.subject"),
            cell: (mail) => (
              <details>
                <summary>{mail.subject}</summary>
                <pre className="console-pre">{mail.text}</pre>
              </details>
            ),
          },
          { header: t("fields.status"), cell: (mail) => <MailStatus mail={mail} /> },
        ]}
      />
    </>
  );
}
