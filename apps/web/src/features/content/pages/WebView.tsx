import { Button } from "antd-mobile";
import { useEffect } from "react";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { useTranslation } from "@/lib/i18n";
import { HOME_PATH } from "@/lib/paths";
import { Navigate, useNavigate, useSearchParams } from "@/lib/router";
import { useWebviewHosts } from "../api/get-webview-hosts";
import { resolveWebViewUrl } from "../lib/webview-url";
import "../content.css";

/** `?url=`: a path of this site in a frame; an app route as the page itself; any other host refused. */
export default function WebView() {
  const { t } = useTranslation(["common", "content"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("url");
  const hosts = useWebviewHosts();
  const { refetch } = hosts;
  // The same screen is reused for the next address: read the allow-list afresh before deciding about it.
  useEffect(() => {
    if (raw) void refetch();
  }, [raw, refetch]);
  const target = resolveWebViewUrl(raw, window.location.origin, hosts.data ?? []);
  if (target.kind === "route") return <Navigate to={target.path} replace />;
  return (
    <Page title={t("pages.webview")} className={target.kind === "frame" ? "cnt-frame-body" : undefined}>
      {target.kind === "frame" ? (
        <iframe
          className="cnt-frame"
          src={target.src}
          title={t("content:webview.frameTitle")}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="same-origin"
        />
      ) : target.kind === "external" ? (
        <EmptyState title={t("content:webview.external", { host: target.host })}>
          <a
            className="adm-button adm-button-primary adm-button-small"
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("content:webview.openExternal", { host: target.host })}
          </a>
        </EmptyState>
      ) : hosts.isFetching ? null : (
        <EmptyState
          title={t(target.kind === "missing" ? "content:webview.missing" : "content:webview.refused")}
          description={target.kind === "refused" ? t("content:webview.refusedHost", { host: target.host }) : undefined}
        >
          <Button size="small" color="primary" onClick={() => void navigate(HOME_PATH, { replace: true })}>
            {t("actions.goHome")}
          </Button>
        </EmptyState>
      )}
    </Page>
  );
}
