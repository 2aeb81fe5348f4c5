import { type FormEvent, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link } from "@/lib/router";
import { useUsers } from "../api/users";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";

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
      <ConsoleTable
        query={users}
        paging={{ page, onChange: setPage }}
        columns={[
          { header: t("fields.id"), cell: (user) => `#${user.id}` },
          { header: t("fields.email"), cell: (user) => user.email ?? "—" },
          { header: t("fields.address"), className: "console-mono", cell: (user) => user.address ?? "—" },
          { header: t("fields.creditScore"), numeric: true, cell: (user) => user.credit_score },
          { header: t("fields.joined"), cell: (user) => formatDateTime(user.created_at) },
          {
            header: t("fields.actions"),
            hideHeader: true,
            cell: (user) => (
              <Link
                to={`/admin/users/${user.id}`}
                aria-label={t("users.openUser", { id: user.id })}
                className="console-button"
              >
                {t("users.open")}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
