import { type FormEvent, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { PAGE_SIZE } from "../api/keys";
import { useUsers } from "../api/users";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";

/** Users, newest first, searchable by email, wallet address or id. */
export function Users() {
  const { t } = useTranslation("console");
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <>
      <ScreenHeader title={t("nav.users")}>
        <form className="console-search" aria-label={t("users.search")} onSubmit={search}>
          <input
            type="search"
            value={draft}
            aria-label={t("users.search")}
            placeholder={t("users.searchHint")}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="console-button console-button--primary">
            {t("users.search")}
          </button>
        </form>
      </ScreenHeader>
      <QueryState query={users}>
        {(data) => (
          <>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("fields.id")}</th>
                  <th scope="col">{t("fields.email")}</th>
                  <th scope="col">{t("fields.address")}</th>
                  <th scope="col" className="num">
                    {t("fields.creditScore")}
                  </th>
                  <th scope="col">{t("fields.joined")}</th>
                  <th scope="col">
                    <span className="console-visually-hidden">{t("fields.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={6} />}
                {data.items.map((user) => (
                  <tr key={user.id}>
                    <td>#{user.id}</td>
                    <td>{user.email ?? "—"}</td>
                    <td className="console-mono">{user.address ?? "—"}</td>
                    <td className="num">{user.credit_score}</td>
                    <td>{formatDateTime(user.created_at)}</td>
                    <td>
                      <Link
                        to={`/admin/users/${user.id}`}
                        aria-label={t("users.openUser", { id: user.id })}
                        className="console-button"
                      >
                        {t("users.open")}
                      </Link>
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
