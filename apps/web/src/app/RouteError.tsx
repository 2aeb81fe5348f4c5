import { RetryView } from "@/components/RetryView";
import { useTranslation } from "@/lib/i18n";

/** A page that failed to load (a chunk missing after a deploy, a render error): tap to reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <RetryView message={t("status.pageLoadFailed")} onRetry={() => window.location.reload()} />
    </div>
  );
}
