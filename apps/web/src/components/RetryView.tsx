import type { ReactNode } from "react";
import { useTranslation } from "@/lib/i18n";
import { useOnline } from "@/lib/network-status";

export interface RetryViewProps {
  onRetry: () => void;
  /** Defaults to the spec's timeout text: "… click the screen to retry"; offline, the offline banner's words. */
  message?: ReactNode;
}

/** The whole area is the retry button, as the spec's text says. */
export function RetryView({ onRetry, message }: RetryViewProps) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <button type="button" className="retry-view" onClick={onRetry}>
      <svg className="retry-view__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <span className="retry-view__message">{message ?? t(online ? "status.networkError" : "status.offline")}</span>
    </button>
  );
}
