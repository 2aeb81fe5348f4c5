import { useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { PAGE_SIZE } from "../api/keys";
import { useOutbox } from "../api/logs";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";

/**
 * Mail the server sent or kept, newest first; a row opens to its text. With SMTP the copies have their codes masked;
 * without it (the demo) nobody receives the mail and its codes show here, under a banner saying so (decision 099).
 */
export function Outbox() {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  return (
    <>
      <ScreenHeader title={t("nav.outbox")} />
      <QueryState query={outbox}>
        {(data) => (
          <>
            <div
              className={data.delivering ? "console-banner console-banner--ok" : "console-banner console-banner--bad"}
              role={data.delivering ? "status" : "alert"}
            >
              <strong>{data.delivering ? t("outbox.delivering") : t("outbox.notDelivering")}</strong>
              <span>{data.delivering ? t("outbox.deliveringHint") : t("outbox.notDeliveringHint")}</span>
            </div>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("fields.time")}</th>
                  <th scope="col">{t("outbox.to")}</th>
                  <th scope="col">{t("outbox.subject")}</th>
                  <th scope="col">{t("fields.status")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={4} />}
                {data.items.map((mail) => (
                  <tr key={mail.id}>
                    <td>{formatDateTime(mail.created_at)}</td>
                    <td>{mail.to}</td>
                    <td>
                      <details>
                        <summary>{mail.subject}</summary>
                        <pre className="console-pre">{mail.text}</pre>
                      </details>
                    </td>
                    <td>
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
