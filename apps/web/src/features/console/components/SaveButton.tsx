import type { UseMutationResult } from "@tanstack/react-query";
import { useTranslation } from "@/lib/i18n";

/**
 * The primary button of a form dialog ("Save" unless `label` says otherwise), disabled while saving or while the
 * form is not valid; `danger` for one that takes something away.
 */
export function SaveButton({
  mutation,
  disabled,
  onClick,
  label,
  danger = false,
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never>, "isPending">;
  disabled?: boolean;
  onClick: () => void;
  label?: string;
  danger?: boolean;
}) {
  const { t } = useTranslation("console");
  return (
    <button
      type="button"
      className={danger ? "console-button console-button--danger" : "console-button console-button--primary"}
      disabled={disabled || mutation.isPending}
      onClick={onClick}
    >
      {label ?? t("common.save")}
    </button>
  );
}
