import { LAZY_PAGE_DELAY_MS, LAZY_PAGE_TIMEOUT_MS } from "@cryptos/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { RetryView } from "./RetryView";

/**
 * antd-mobile's SpinLoading, drawn by CSS (styles.css): antd-mobile animates its arc with react-spring, which would
 * put its animation library on every first screen (decision 032).
 */
export function Spinner() {
  return (
    <svg className="spinner" viewBox="0 0 32 32" aria-hidden="true">
      <circle className="spinner__arc" r={15} cx={16} cy={16} />
    </svg>
  );
}

/** A centered spinner. */
export function Loader() {
  const { t } = useTranslation();
  return (
    <div className="loader" role="status" aria-label={t("status.loading")}>
      <Spinner />
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
