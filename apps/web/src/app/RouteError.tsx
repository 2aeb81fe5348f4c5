import { useTranslation } from "react-i18next";
import { RetryView } from "@/components/RetryView";

/** A page that failed to load (a chunk missing after a deploy, a render error): tap to reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <RetryView message={t("status.pageLoadFailed")} onRetry={() => window.location.reload()} />
    </div>
  );
}
