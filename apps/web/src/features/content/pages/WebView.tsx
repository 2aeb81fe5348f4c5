import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { HOME_PATH } from "@/lib/paths";
import { resolveWebViewUrl } from "../lib/webview-url";
import "../content.css";

/** `?url=`: a path of this site in a frame; an app route as the page itself; any other host refused. */
export default function WebView() {
  const { t } = useTranslation(["common", "content"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = resolveWebViewUrl(params.get("url"), window.location.origin);
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
      ) : (
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
