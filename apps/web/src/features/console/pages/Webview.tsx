import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { useSaveWebviewHosts, useWebviewHosts } from "../api/content";
import { ScreenHeader } from "../components/ConsoleLayout";
import { FormError, TextAreaField } from "../components/Form";
import { QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
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
      <TextAreaField
        label={t("webview.hosts")}
        hint={t("webview.hint")}
        rows={10}
        className="console-mono"
        value={text}
        onChange={setText}
      />
      {invalid.length > 0 && <FormError>{t("webview.invalid", { hosts: invalid.join(", ") })}</FormError>}
      <SaveButton
        mutation={save}
        disabled={invalid.length > 0 || list.length > 50}
        onClick={() => save.mutate([...new Set(list)], saveFeedback())}
      />
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
