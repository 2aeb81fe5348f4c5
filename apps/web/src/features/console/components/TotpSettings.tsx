import type { UseMutationResult } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { type TotpChange, type TotpSetup, useTotpDisable, useTotpEnable, useTotpSetup } from "../api/security";
import { errorMessage } from "../lib/operator-api";
import { FormError, PasswordField } from "./Form";
import { TotpCodeField } from "./TotpCodeField";

/** A base32 key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

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
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Awaited rather than mutate's own onSuccess: the change refetches the status, which can replace this form
    // before the call answers, and React Query drops a per-call callback of a form that is gone (the toast with it).
    try {
      await mutation.mutateAsync({ code, password });
    } catch {
      return; // The refusal shows under the form (mutation.error).
    }
    setCode("");
    setTyped("");
    onDone();
  };
  return (
    <form className="console-inline console-totp__code" onSubmit={(event) => void submit(event)}>
      {given === undefined && <PasswordField inline label={t("security.password")} value={typed} onChange={setTyped} />}
      <TotpCodeField label={t("security.code")} inline value={code} onChange={setCode} />
      <button
        type="submit"
        className={`console-button ${danger ? "console-button--danger" : "console-button--primary"}`}
        disabled={code.length !== 6 || password === "" || mutation.isPending}
      >
        {submitLabel}
      </button>
      {mutation.isError && <FormError className="console-totp__error" error={mutation.error} />}
    </form>
  );
}

/** Enrolment: the password, then a pending secret as a QR code and as text, confirmed by the app's first code. */
export function TotpOff() {
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
          <PasswordField inline label={t("security.password")} value={password} onChange={setPassword} />
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

export function TotpOn() {
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
