import { useTranslation } from "@/lib/i18n";

/** The "Edit" button of a configuration row; `label` names the row for screen readers. */
export function EditButton({ label, onEdit }: { label: string; onEdit: () => void }) {
  const { t } = useTranslation("console");
  return (
    <button type="button" className="console-button" aria-label={label} onClick={onEdit}>
      {t("common.edit")}
    </button>
  );
}
