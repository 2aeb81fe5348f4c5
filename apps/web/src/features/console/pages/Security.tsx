import type { UseMutationResult } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { PAGE_SIZE } from "../api/keys";
import {
  type OperatorSession,
  type TotpChange,
  type TotpSetup,
  useOperatorSessions,
  useOperators,
  useSignOutEverywhere,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from "../api/security";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Modal } from "../components/Modal";
import { Pager } from "../components/Pager";
import { EmptyRow, QueryState } from "../components/QueryState";
import { OnOff } from "../components/StatusBadge";
import { TotpCodeField } from "../components/TotpCodeField";
import { errorMessage } from "../lib/operator-api";
import { useOperatorEmail } from "../lib/operator-session";

/** A base32 key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The operator's own password: every TOTP change asks for it (a session alone cannot make one). */
function PasswordField({ value, onChange }: { value: string; onChange: (password: string) => void }) {
  const { t } = useTranslation("console");
  return (
    <label className="console-field console-field--inline">
      <span>{t("security.password")}</span>
      <input
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * The 6-digit code field and its submit button, with the password field unless `password` was already given (the
 * enrolment asked for it at setup); the server's refusal shows under it.
 */
function CodeForm({
  mutation,
  submitLabel,
  password: given,
  danger = false,
  onDone,
}: {
  mutation: UseMutationResult<unknown, Error, TotpChange>;
  submitLabel: string;
  password?: string;
  danger?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("console");
  const [code, setCode] = useState("");
  const [typed, setTyped] = useState("");
  const password = given ?? typed;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { code, password },
      {
        onSuccess: () => {
          setCode("");
          setTyped("");
          onDone();
        },
      },
    );
  };
  return (
    <form className="console-inline console-totp__code" onSubmit={submit}>
      {given === undefined && <PasswordField value={typed} onChange={setTyped} />}
      <TotpCodeField label={t("security.code")} inline value={code} onChange={setCode} />
      <button
        type="submit"
        className={`console-button ${danger ? "console-button--danger" : "console-button--primary"}`}
        disabled={code.length !== 6 || password === "" || mutation.isPending}
      >
        {submitLabel}
      </button>
      {mutation.isError && (
        <p className="console-error console-totp__error" role="alert">
          {errorMessage(mutation.error, t("common.saveFailed"))}
        </p>
      )}
    </form>
  );
}

/** Enrolment: the password, then a pending secret as a QR code and as text, confirmed by the app's first code. */
function TotpOff() {
  const { t } = useTranslation("console");
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [password, setPassword] = useState("");
  // The secret (and the password that fetched it, for the confirming call) live only here, for as long as the
  // operator is on this step; the server never sends the secret again.
  const [pending, setPending] = useState<TotpSetup | null>(null);
  if (!pending) {
    const start = (event: FormEvent) => {
      event.preventDefault();
      setup.mutate(password, {
        onSuccess: setPending,
        onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
      });
    };
    return (
      <>
        <p>{t("security.offIntro")}</p>
        <form className="console-inline console-totp__code" onSubmit={start}>
          <PasswordField value={password} onChange={setPassword} />
          <button
            type="submit"
            className="console-button console-button--primary"
            disabled={password === "" || setup.isPending}
          >
            {t("security.setUp")}
          </button>
        </form>
      </>
    );
  }
  return (
    <ol className="console-totp__steps">
      <li>
        <p>{t("security.scan")}</p>
        <div className="console-totp__enrol">
          <QRCodeSVG value={pending.otpauth_uri} size={176} marginSize={2} title={t("security.qrTitle")} />
          <div>
            <p className="console-muted">{t("security.keyLabel")}</p>
            <code className="console-mono console-totp__key" data-testid="totp-secret">
              {grouped(pending.secret)}
            </code>
          </div>
        </div>
      </li>
      <li>
        <p>{t("security.confirm")}</p>
        <CodeForm
          mutation={enable}
          password={password}
          submitLabel={t("security.turnOn")}
          onDone={() => {
            setPending(null);
            setPassword("");
            toast.success(t("security.nowOn"));
          }}
        />
      </li>
    </ol>
  );
}

function TotpOn() {
  const { t } = useTranslation("console");
  const disable = useTotpDisable();
  return (
    <>
      <p>{t("security.onIntro")}</p>
      <p className="console-muted">{t("security.turnOffHint")}</p>
      <CodeForm
        mutation={disable}
        submitLabel={t("security.turnOff")}
        danger
        onDone={() => toast.success(t("security.nowOff"))}
      />
      <p className="console-muted">
        {t("security.lostDevice")}{" "}
        <code className="console-mono console-totp__command">npm run operator -- totp-reset &lt;email&gt;</code>
      </p>
    </>
  );
}

function SessionRow({ session }: { session: OperatorSession }) {
  const { t } = useTranslation("console");
  const { browser, os } = session.device;
  const device =
    browser && os
      ? t("security.deviceOn", { browser, os })
      : (browser ?? os ?? session.user_agent ?? t("security.unknown"));
  return (
    <tr data-current={session.current || undefined}>
      <td>{formatDateTime(session.created_at)}</td>
      <td>{formatDateTime(session.last_used_at)}</td>
      <td>{session.ip ?? t("security.unknown")}</td>
      <td title={session.user_agent ?? undefined}>{device}</td>
      <td>
        {session.current && <span className="console-badge console-badge--success">{t("security.thisSession")}</span>}
      </td>
    </tr>
  );
}

/** Where the operator is signed in, and the way to end all of it at once. */
function Sessions() {
  const { t } = useTranslation("console");
  const [page, setPage] = useState(1);
  const sessions = useOperatorSessions(page);
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="console-section" aria-labelledby="console-sessions-title">
      <div className="console-inline console-totp__head">
        <h2 id="console-sessions-title">{t("security.sessionsTitle")}</h2>
        <button type="button" className="console-button console-button--danger" onClick={() => setConfirming(true)}>
          {t("security.signOutEverywhere")}
        </button>
      </div>
      <p className="console-muted">{t("security.sessionsIntro")}</p>
      <QueryState query={sessions}>
        {(data) => (
          <>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t("security.signedIn")}</th>
                  <th scope="col">{t("security.lastUsed")}</th>
                  <th scope="col">{t("fields.address")}</th>
                  <th scope="col">{t("security.device")}</th>
                  <th scope="col">
                    <span className="console-visually-hidden">{t("security.thisSession")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={5} />}
                {data.items.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </tbody>
            </table>
            <Pager page={page} total={data.total} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </QueryState>
      {confirming && (
        <Modal
          title={t("security.signOutEverywhere")}
          onClose={() => setConfirming(false)}
          actions={
            <button
              type="button"
              className="console-button console-button--danger"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
                })
              }
            >
              {t("security.signOutEverywhere")}
            </button>
          }
        >
          <p>{t("security.signOutEverywhereConfirm")}</p>
        </Modal>
      )}
    </section>
  );
}

/**
 * The signed-in operator's own security: two-step sign-in (TOTP: set up, turn on with a first code, turn off; each
 * with the password), and the sessions signed in, with "sign out everywhere".
 */
export function Security() {
  const { t } = useTranslation("console");
  const me = useOperatorEmail();
  const operators = useOperators();
  return (
    <>
      <ScreenHeader title={t("nav.security")} />
      <QueryState query={operators}>
        {(data) => {
          const on = data.items.find((operator) => operator.email === me)?.totp_enabled ?? false;
          return (
            <section className="console-section console-form" aria-labelledby="console-totp-title">
              <div className="console-inline console-totp__head">
                <h2 id="console-totp-title">{t("security.totpTitle")}</h2>
                <OnOff on={on} />
              </div>
              {on ? <TotpOn /> : <TotpOff />}
              <p className="console-muted">{t("security.othersSignedOut")}</p>
            </section>
          );
        }}
      </QueryState>
      <Sessions />
    </>
  );
}
