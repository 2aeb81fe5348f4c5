import type { UseMutationResult } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { type TotpSetup, useOperators, useTotpDisable, useTotpEnable, useTotpSetup } from "../api/security";
import { ScreenHeader } from "../components/ConsoleLayout";
import { QueryState } from "../components/QueryState";
import { OnOff } from "../components/StatusBadge";
import { TotpCodeField } from "../components/TotpCodeField";
import { errorMessage } from "../lib/operator-api";
import { useOperatorEmail } from "../lib/operator-session";

/** A base32 key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The 6-digit code field and its submit button; the server's refusal shows under it. */
function CodeForm({
  mutation,
  submitLabel,
  danger = false,
  onDone,
}: {
  mutation: UseMutationResult<unknown, Error, string>;
  submitLabel: string;
  danger?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("console");
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(code, {
      onSuccess: () => {
        setCode("");
        onDone();
      },
    });
  };
  return (
    <form className="console-inline console-totp__code" onSubmit={submit}>
      <TotpCodeField label={t("security.code")} inline value={code} onChange={setCode} />
      <button
        type="submit"
        className={`console-button ${danger ? "console-button--danger" : "console-button--primary"}`}
        disabled={code.length !== 6 || mutation.isPending}
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

/** Enrolment: a pending secret as a QR code and as text, confirmed by the app's first code. */
function TotpOff() {
  const { t } = useTranslation("console");
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  // The secret lives only here, for as long as the operator is on this step; the server never sends it again.
  const [pending, setPending] = useState<TotpSetup | null>(null);
  if (!pending) {
    return (
      <>
        <p>{t("security.offIntro")}</p>
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={setup.isPending}
          onClick={() =>
            setup.mutate(undefined, {
              onSuccess: setPending,
              onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
            })
          }
        >
          {t("security.setUp")}
        </button>
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
          submitLabel={t("security.turnOn")}
          onDone={() => {
            setPending(null);
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

/** The signed-in operator's own two-step sign-in (TOTP): set up, turn on with a first code, turn off. */
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
            </section>
          );
        }}
      </QueryState>
    </>
  );
}
