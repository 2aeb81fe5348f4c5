import { APP_NAME } from "@cryptos/contract";
import { useEffect, useRef } from "react";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { TABS } from "@/components/TabBar";
import { TranslationsUnavailable, useTranslation } from "@/lib/i18n";
import { onReconnect } from "@/lib/network-status";
import { useLocation, useNavigate } from "@/lib/router";
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
 * A page that failed to load, under the app's header (and tab bar on a tab): offline, it says so. Tapping retries a failed download in place (the page's code
 * and texts are asked for again, once); a render error reloads the app.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const offline = navigator.onLine === false;
  const onRetry = () => {
    if (!isLoadFailure(error)) {
      window.location.reload();
      return;
    }
    retryFailedPages();
    // A new location resets the error boundary (RouteErrorBoundary), which draws the page again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { retry: Date.now() } });
  };
  // Back online, a page whose code did not download while offline loads by itself.
  const retryRef = useRef(onRetry);
  retryRef.current = onRetry;
  useEffect(() => onReconnect(() => isLoadFailure(error) && retryRef.current()), [error]);
  // The tab's own name on a tab (whose bar stays below), the app's name elsewhere, with Back.
  const tab = TABS.find(({ path }) => path === location.pathname);
  return (
    <Page title={tab ? t(`tabs.${tab.key}`) : APP_NAME} back={!tab}>
      <RetryView message={offline ? t("status.offlinePage") : t("status.pageLoadFailed")} onRetry={onRetry} />
    </Page>
  );
}
