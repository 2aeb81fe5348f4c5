import type { ReactNode } from "react";
import { useTranslation } from "@/lib/i18n";

export interface EmptyStateProps {
  /** Defaults to "No data". */
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

export function EmptyState({ title, description, children }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="14" width="44" height="36" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 36h14l3 5h10l3-5h14" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p className="empty-state__title">{title ?? t("status.empty")}</p>
      {description && <p className="empty-state__description">{description}</p>}
      {children}
    </div>
  );
}
