import { DotLoading } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";

export interface ListFooterProps {
  loading: boolean;
  hasMore: boolean;
}

/** The line under an infinite list: "Loading…" while fetching, "No more" at the end. */
export function ListFooter({ loading, hasMore }: ListFooterProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="list-footer" aria-live="polite">
        <DotLoading color="currentColor" /> {t("status.loading")}
      </div>
    );
  }
  return hasMore ? null : <div className="list-footer">{t("status.noMore")}</div>;
}
