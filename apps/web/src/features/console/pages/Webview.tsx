import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { useSaveWebviewHosts, useWebviewHosts } from "../api/content";
import { ScreenHeader } from "../components/ConsoleLayout";
import { QueryState } from "../components/QueryState";
import { saveFeedback } from "../lib/save-feedback";

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function HostsForm({ hosts }: { hosts: string[] }) {
  const { t } = useTranslation("console");
  const save = useSaveWebviewHosts();
  const [text, setText] = useState(hosts.join("\n"));
  const list = text
    .split(/\s+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const invalid = list.filter((host) => !HOST.test(host));
  return (
    <div className="console-section console-form">
      <label className="console-field">
        <span>{t("webview.hosts")}</span>
        <textarea rows={10} className="console-mono" value={text} onChange={(event) => setText(event.target.value)} />
        <small className="console-muted">{t("webview.hint")}</small>
      </label>
      {invalid.length > 0 && (
        <p className="console-error" role="alert">
          {t("webview.invalid", { hosts: invalid.join(", ") })}
        </p>
      )}
      <button
        type="button"
        className="console-button console-button--primary"
        disabled={invalid.length > 0 || list.length > 50 || save.isPending}
        onClick={() => save.mutate([...new Set(list)], saveFeedback())}
      >
        {t("common.save")}
      </button>
    </div>
  );
}

/** The foreign hosts the app's web view may frame (the site's own paths are always allowed). */
export function Webview() {
  const { t } = useTranslation("console");
  const hosts = useWebviewHosts();
  return (
    <>
      <ScreenHeader title={t("nav.webview")} />
      <QueryState query={hosts}>{(data) => <HostsForm key={data.hosts.join(",")} hosts={data.hosts} />}</QueryState>
    </>
  );
}
