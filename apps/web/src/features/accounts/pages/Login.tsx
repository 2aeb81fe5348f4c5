import { LOGIN_TYPES, type LoginType } from "@cryptos/contract";
import { Button, Skeleton, Tabs } from "antd-mobile";
import { useState } from "react";
import { EmptyState } from "@/components/EmptyState";
import { LanguageButton } from "@/components/LanguagePicker";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { useTranslation } from "@/lib/i18n";
import { Link, useSearchParams } from "@/lib/router";
import { useLoginTypes } from "../api/get-login-types";
import { EmailLoginForm } from "../components/EmailLoginForm";
import { RegisterForm } from "../components/RegisterForm";
import { WalletPanel } from "../components/WalletPanel";
import { errorText } from "../lib/errors";
import { RESET_PASSWORD_PATH } from "../lib/paths";
import "../accounts.css";
import "../security.css";

const TAB_KEY: Record<LoginType, string> = { 1: "password", 2: "code", 3: "wallet" };

function Brand({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <section className="accounts-brand">
      <svg className="accounts-brand__mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="currentColor" />
        <path d="M26.5 14.2a8.5 8.5 0 1 0 0 11.6" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      </svg>
      <h2 className="accounts-brand__title">{title}</h2>
      <p className="accounts-brand__subtitle">{subtitle}</p>
    </section>
  );
}

function LoginTabs({ types }: { types: LoginType[] }) {
  const { t } = useTranslation("accounts");
  const [active, setActive] = useState<LoginType | undefined>(types[0]);
  const current = active && types.includes(active) ? active : types[0];
  if (!current) return <EmptyState title={t("login.noTypes")} />;
  return (
    <Tabs
      className="accounts-tabs"
      activeKey={TAB_KEY[current]}
      onChange={(key) => setActive(types.find((type) => TAB_KEY[type] === key))}
    >
      {types.map((type) => (
        <Tabs.Tab key={TAB_KEY[type]} title={t(`types.${type}`)} destroyOnClose>
          {type === LOGIN_TYPES.wallet ? <WalletPanel /> : <EmailLoginForm type={type} />}
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}

/** /pages/login: log in with the enabled types (password, email code, wallet), or register by email. */
export default function Login() {
  const { t } = useTranslation(["accounts", "security"]);
  const [params, setParams] = useSearchParams();
  const loginTypes = useLoginTypes();
  const registering = params.get("mode") === "register";
  const types = loginTypes.data ?? [];
  const emailEnabled = types.some((type) => type !== LOGIN_TYPES.wallet);

  const setMode = (mode: "login" | "register") =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (mode === "register") next.set("mode", "register");
        else next.delete("mode");
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={registering ? t("register.pageTitle") : t("common:pages.login")} right={<LanguageButton />}>
      <div className="accounts-login">
        <Brand
          title={registering ? t("register.title") : t("login.title")}
          subtitle={registering ? t("register.subtitle") : t("login.subtitle")}
        />
        {loginTypes.isPending ? (
          <div className="accounts-login__skeleton" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : loginTypes.isError ? (
          <RetryView onRetry={() => void loginTypes.refetch()} message={errorText(loginTypes.error, t) ?? undefined} />
        ) : registering ? (
          <RegisterForm />
        ) : (
          <LoginTabs types={types} />
        )}
        {emailEnabled && !registering && (
          <p className="accounts-switch">
            <Link className="security-link" to={RESET_PASSWORD_PATH}>
              {t("security:password.forgot")}
            </Link>
          </p>
        )}
        {emailEnabled && (
          <p className="accounts-switch">
            {registering ? t("register.haveAccount") : t("login.noAccount")}{" "}
            <Button
              fill="none"
              color="primary"
              size="small"
              onClick={() => setMode(registering ? "login" : "register")}
            >
              {registering ? t("actions.login") : t("actions.register")}
            </Button>
          </p>
        )}
      </div>
    </Page>
  );
}
