import { useTranslation } from "@/lib/i18n";

export interface PagerProps {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
}

/** Previous / next over a `{items, total, page, list}` answer, with "page x of y (n rows)". */
export function Pager({ page, total, size, onChange }: PagerProps) {
  const { t } = useTranslation("console");
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="console-pager" aria-label={t("common.pagination")}>
      <button type="button" className="console-button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t("common.previous")}
      </button>
      <span>{t("common.pageOf", { page, pages, total })}</span>
      <button type="button" className="console-button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t("common.next")}
      </button>
    </nav>
  );
}
