import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageButton } from "@/components/LanguagePicker";
import { useOperatorLogin } from "../api/session";
import { errorMessage } from "../lib/operator-api";

/** Operator sign-in: email, password and, for operators who set one up, the 6-digit TOTP code. */
export function Login() {
  const { t } = useTranslation("console");
  const login = useOperatorLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const heading = t("login.title");
  useEffect(() => {
    document.title = heading;
  }, [heading]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password, totp: totp.trim() === "" ? undefined : totp.trim() });
  };

  return (
    <div className="console-login">
      <form className="console-login__card" onSubmit={submit} aria-labelledby="console-login-title">
        <div className="console-login__head">
          <h1 id="console-login-title">{heading}</h1>
          <LanguageButton />
        </div>
        <p className="console-muted">{t("login.intro")}</p>
        <label className="console-field">
          <span>{t("login.email")}</span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="console-field">
          <span>{t("login.password")}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <label className="console-field">
          <span>{t("login.totp")}</span>
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={totp}
            onChange={(event) => setTotp(event.target.value)}
          />
        </label>
        {login.isError && (
          <p className="console-error" role="alert">
            {errorMessage(login.error, t("login.failed"))}
          </p>
        )}
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
