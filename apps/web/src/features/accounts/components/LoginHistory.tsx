import type { LoginSession } from "@cryptos/contract";
import { Button, List, Skeleton, Tag } from "antd-mobile";
import { type FormEvent, type ReactNode, useState } from "react";
import { EmptyState } from "@/components/EmptyState";
import { RetryView } from "@/components/RetryView";
import { formatDateTime } from "@/lib/format";
import type { TFunction } from "@/lib/i18n";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { useRevokeOtherSessions, useSessions } from "../api/get-sessions";
import { errorText } from "../lib/errors";
import { FormError } from "./FormError";
import { ProofFields, useSecurityProof } from "./ProofFields";
import { SecuritySheet } from "./SecuritySheet";

function deviceName({ browser, os }: LoginSession["device"], t: TFunction): string {
  if (browser && os) return t("sessions.device", { browser, os });
  return browser ?? os ?? t("sessions.unknownDevice");
}

function SessionItem({ session }: { session: LoginSession }) {
  const { t } = useTranslation(["security", "accounts"]);
  const facts = [
    session.ip ? t("sessions.ip", { ip: session.ip }) : null,
    t(`accounts:types.${session.login_type}`, { defaultValue: "" }) || null,
  ].filter(Boolean);
  return (
    <List.Item
      className={session.active ? "security-session" : "security-session security-session--ended"}
      data-testid="login-session"
      description={
        <>
          <span className="security-session__line">{facts.join(" · ")}</span>
          <span className="security-session__line">
            {t("sessions.signedIn", { time: formatDateTime(session.created_at) })}
          </span>
          {session.active && !session.current && (
            <span className="security-session__line">
              {t("sessions.lastActive", { time: formatDateTime(session.last_seen_at) })}
            </span>
          )}
        </>
      }
      extra={
        session.current ? (
          <Tag color="primary" fill="outline">
            {t("sessions.thisDevice")}
          </Tag>
        ) : session.active ? undefined : (
          <span className="security-session__ended">{t("sessions.signedOut")}</span>
        )
      }
    >
      {deviceName(session.device, t)}
    </List.Item>
  );
}

/** "Sign out other sessions", confirmed with the account's proof: a thief holding one session cannot sign the owner out. */
function RevokeSessionsSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation("security");
  const revoke = useRevokeOtherSessions();
  const proof = useSecurityProof();
  const forget = () => {
    revoke.reset();
    proof.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    revoke.mutate(proof.build, {
      onSuccess: ({ revoked }) => {
        if (revoked > 0) toast.success(t("sessions.revoked", { count: revoked }));
        else toast.info(t("sessions.noneRevoked"));
        onClose();
      },
    });
  };
  return (
    <SecuritySheet visible={visible} title={t("sessions.revokeOthers")} onClose={onClose} afterClose={forget}>
      <form className="security-enrol" onSubmit={submit}>
        <p className="security-sheet__text">{t("sessions.revokeIntro")}</p>
        <ProofFields proof={proof} onEdit={() => revoke.reset()} />
        <FormError message={errorText(revoke.error, t)} />
        <Button block type="submit" color="danger" size="large" disabled={!proof.ready} loading={revoke.isPending}>
          {t("sessions.revokeOthers")}
        </Button>
      </form>
    </SecuritySheet>
  );
}

/** Login history, newest first, the current session marked; "sign out other sessions" below it. */
export function LoginHistory() {
  const { t } = useTranslation("security");
  const sessions = useSessions();
  const [revoking, setRevoking] = useState(false);
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (sessions.isPending) body = <Skeleton.Paragraph lineCount={5} animated />;
  else if (sessions.isError)
    body = <RetryView onRetry={() => void sessions.refetch()} message={errorText(sessions.error, t) ?? undefined} />;
  else if (items.length === 0) body = <EmptyState title={t("sessions.empty")} />;
  else body = items.map((session) => <SessionItem key={session.id} session={session} />);

  return (
    <>
      <List className="accounts-list" header={t("sessions.section")} aria-label={t("sessions.section")}>
        {body}
      </List>
      {sessions.hasNextPage && (
        <div className="security-more">
          <Button
            size="small"
            fill="none"
            color="primary"
            loading={sessions.isFetchingNextPage}
            onClick={() => void sessions.fetchNextPage()}
          >
            {t("sessions.more")}
          </Button>
        </div>
      )}
      <div className="page-actions">
        <Button block color="danger" fill="outline" size="large" onClick={() => setRevoking(true)}>
          {t("sessions.revokeOthers")}
        </Button>
      </div>
      <RevokeSessionsSheet visible={revoking} onClose={() => setRevoking(false)} />
    </>
  );
}
