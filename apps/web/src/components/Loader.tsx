import { LAZY_PAGE_DELAY_MS, LAZY_PAGE_TIMEOUT_MS } from "@cryptos/contract";
import { SpinLoading } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RetryView } from "./RetryView";

/** A centered spinner. */
export function Loader() {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status" aria-label={t("status.loading")}>
      <SpinLoading color="primary" />
    </div>
  );
}

export interface DelayedLoaderProps {
  delayMs?: number;
  timeoutMs?: number;
  onRetry?: () => void;
}

/**
 * Nothing for the first 200 ms (fast loads do not flash), a spinner after that, and the retry view after
 * 60 s (the spec's async page delay and timeout).
 */
export function DelayedLoader({
  delayMs = LAZY_PAGE_DELAY_MS,
  timeoutMs = LAZY_PAGE_TIMEOUT_MS,
  onRetry = () => window.location.reload(),
}: DelayedLoaderProps) {
  const [phase, setPhase] = useState<"wait" | "spin" | "timeout">("wait");
  useEffect(() => {
    const show = setTimeout(() => setPhase("spin"), delayMs);
    const give = setTimeout(() => setPhase("timeout"), timeoutMs);
    return () => {
      clearTimeout(show);
      clearTimeout(give);
    };
  }, [delayMs, timeoutMs]);
  if (phase === "wait") return null;
  if (phase === "spin") return <Loader />;
  return <RetryView onRetry={onRetry} />;
}
