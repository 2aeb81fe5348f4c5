import type { UseMutationResult } from "@tanstack/react-query";
import { useTranslation } from "@/lib/i18n";

/** The primary "Save" of a form dialog, disabled while saving or while the form is not valid. */
export function SaveButton({
  mutation,
  disabled,
  onClick,
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never>, "isPending">;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation("console");
  return (
    <button
      type="button"
      className="console-button console-button--primary"
      disabled={disabled || mutation.isPending}
      onClick={onClick}
    >
      {t("common.save")}
    </button>
  );
}
