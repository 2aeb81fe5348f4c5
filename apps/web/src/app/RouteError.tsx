import { useLocation, useNavigate, useRouteError } from "react-router";
import { RetryView } from "@/components/RetryView";
import { TranslationsUnavailable, useTranslation } from "@/lib/i18n";
import { retryFailedPages } from "./routes";

/** A page's code or texts did not download (offline, a chunk missing after a deploy). */
function isLoadFailure(error: unknown): boolean {
  if (error instanceof TranslationsUnavailable) return true;
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/**
 * A page that failed to load: offline, it says so. Tapping retries a failed download in place (the page's code
 * and texts are asked for again, once); a render error reloads the app.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const offline = navigator.onLine === false;
  const onRetry = () => {
    if (!isLoadFailure(error)) {
      window.location.reload();
      return;
    }
    retryFailedPages();
    // A new location resets the router's error boundary, which draws the page again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { retry: Date.now() } });
  };
  return (
    <div className="app">
      <RetryView message={offline ? t("status.offlinePage") : t("status.pageLoadFailed")} onRetry={onRetry} />
    </div>
  );
}
