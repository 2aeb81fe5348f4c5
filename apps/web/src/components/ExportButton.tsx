import type { ExportKind } from "@cryptos/contract";
import { useState } from "react";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { downloadStatement } from "@/lib/statement-download";
import { toast } from "@/lib/toast";

/** "Export" in a page header: the user's whole history of `kind` as a CSV file. */
export function ExportButton({ kind }: { kind: ExportKind }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      await downloadStatement(kind);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.msg : t("status.exportFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="header-text-button"
      data-testid={`export-${kind}`}
      aria-label={t("actions.exportCsv")}
      disabled={busy}
      onClick={() => void exportNow()}
    >
      {t("actions.export")}
    </button>
  );
}
