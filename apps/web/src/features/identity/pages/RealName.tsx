import { Button, Result, Skeleton } from "antd-mobile";
import { useState } from "react";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useGoToLogin, useToken } from "@/lib/session";
import { type RealName as RealNameState, useRealName } from "../api/get-real-name";
import { RealNameForm } from "../components/RealNameForm";
import "../identity.css";

function Submitted({ state }: { state: RealNameState }) {
  const { t } = useTranslation("identity");
  const rows: Array<[string, string]> = [];
  if (state.name) rows.push([t("fields.name"), state.name]);
  if (state.doc_type) rows.push([t("fields.docType"), t(`docTypes.${state.doc_type}`)]);
  if (state.doc_number) rows.push([t("fields.docNumber"), state.doc_number]);
  if (state.submitted_at) rows.push([t("submittedAt"), formatDateTime(state.submitted_at)]);
  if (rows.length === 0) return null;
  return (
    <dl className="idn-details">
      {rows.map(([label, value]) => (
        <div key={label} className="idn-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusView({ state }: { state: RealNameState }) {
  const { t } = useTranslation("identity");
  const [resubmitting, setResubmitting] = useState(false);

  if (state.status === "none" || resubmitting) {
    return (
      <div className="idn-body">
        <p className="idn-intro">{t("intro")}</p>
        <RealNameForm onDone={() => setResubmitting(false)} />
      </div>
    );
  }
  if (state.status === "under_review") {
    return (
      <div className="idn-body">
        <Result status="waiting" title={t("status.under_review")} description={t("statusText.under_review")} />
        <Submitted state={state} />
      </div>
    );
  }
  if (state.status === "verified") {
    return (
      <div className="idn-body">
        <Result status="success" title={t("status.verified")} description={t("statusText.verified")} />
        <Submitted state={state} />
      </div>
    );
  }
  return (
    <div className="idn-body">
      <Result
        status="error"
        title={t("status.failed")}
        description={state.reason ? t("statusText.failedReason", { reason: state.reason }) : t("statusText.failed")}
      />
      <Submitted state={state} />
      <Button block color="primary" size="large" onClick={() => setResubmitting(true)}>
        {t("resubmit")}
      </Button>
    </div>
  );
}

export default function RealName() {
  const { t } = useTranslation(["common", "identity"]);
  const goToLogin = useGoToLogin();
  const signedIn = useToken() !== null;
  const query = useRealName();
  return (
    <Page title={t("pages.realName")}>
      {!signedIn ? (
        <EmptyState title={t("identity:signIn")}>
          <Button color="primary" size="small" onClick={() => goToLogin()}>
            {t("identity:logIn")}
          </Button>
        </EmptyState>
      ) : query.isPending ? (
        <div className="idn-body">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <QueryView query={query}>{(state) => <StatusView state={state} />}</QueryView>
      )}
    </Page>
  );
}
