import { type FormEvent, useEffect, useRef, useState } from "react";
import { LanguageButton } from "@/components/LanguagePicker";
import { useTranslation } from "@/lib/i18n";
import { needsTotpCode, useOperatorLogin } from "../api/session";
import { FormError, PasswordField, TextField } from "../components/Form";
import { TotpCodeField } from "../components/TotpCodeField";
import { errorMessage } from "../lib/operator-api";

/**
 * Operator sign-in: email and password; the 6-digit authenticator code field appears when the server answers that
 * this operator has two-step sign-in on (operators without it never see the field).
 */
export function Login() {
  const { t } = useTranslation("console");
  const login = useOperatorLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [askCode, setAskCode] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const heading = t("login.title");
  useEffect(() => {
    document.title = heading;
  }, [heading]);
  useEffect(() => {
    if (askCode) codeInput.current?.focus();
  }, [askCode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = totp.trim();
    login.mutate(
      { email: email.trim(), password, totp: askCode && code !== "" ? code : undefined },
      {
        onError: (error) => {
          if (!needsTotpCode(error)) return;
          setAskCode(true);
          setTotp("");
          codeInput.current?.focus();
        },
      },
    );
  };

  // Being asked for the code is the next step, not a failure; a wrong code is.
  const prompt = login.isError && needsTotpCode(login.error) && login.variables?.totp === undefined;

  return (
    <div className="console-login">
      <form className="console-login__card" onSubmit={submit} aria-labelledby="console-login-title">
        <div className="console-login__head">
          <h1 id="console-login-title">{heading}</h1>
          <LanguageButton />
        </div>
        <p className="console-muted">{t("login.intro")}</p>
        <TextField
          label={t("login.email")}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <PasswordField label={t("login.password")} value={password} onChange={setPassword} />
        {askCode && <TotpCodeField label={t("login.totp")} inputRef={codeInput} value={totp} onChange={setTotp} />}
        {login.isError &&
          (prompt ? (
            <p className="console-notice" role="status">
              {errorMessage(login.error, t("login.codeNeeded"))}
            </p>
          ) : (
            <FormError error={login.error} fallback={t("login.failed")} />
          ))}
        <button
          type="submit"
          className="console-button console-button--primary console-button--block"
          disabled={login.isPending}
        >
          {t("login.submit")}
        </button>
      </form>
    </div>
  );
}
