import { APP_VERSION, APP_VERSION_CODE, LOCALE_NAMES, type RealNameStatus } from "@cryptos/contract";
import { Badge, Button, List } from "antd-mobile";
import { useState } from "react";
import { BellOutline, GlobalOutline, PayCircleOutline, UserOutline } from "@/components/icons";
import { LanguagePicker } from "@/components/LanguagePicker";
import { ListRow } from "@/components/ListRow";
import { BillOutline } from "@/components/outline-icons/BillOutline";
import { CheckShieldOutline } from "@/components/outline-icons/CheckShieldOutline";
import { UserContactOutline } from "@/components/outline-icons/UserContactOutline";
import { Page } from "@/components/Page";
import { ThemeIcon, ThemeSwitch } from "@/components/ThemeSwitch";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { SECURITY_PATH } from "@/lib/paths";
import { useSearchParams } from "@/lib/router";
import { useGoToLogin, useLogout, useSession } from "@/lib/session";
import { confirm } from "@/lib/toast";
import { useUnreadCount } from "../api/get-unread-count";
import { ProfileCard } from "../components/ProfileCard";
import "../accounts.css";

const PATHS = {
  realName: "/pages/user/realname",
  messages: "/pages/user/message",
  bills: "/pages/user/account-bill",
  rechargeLog: "/pages/user/recharge-log",
} as const;

const STATUS_CLASS: Record<RealNameStatus, string> = {
  none: "accounts-status",
  under_review: "accounts-status accounts-status--pending",
  verified: "accounts-status accounts-status--ok",
  failed: "accounts-status accounts-status--failed",
};

function SignedOut() {
  const { t } = useTranslation("accounts");
  const goToLogin = useGoToLogin();
  return (
    <section className="accounts-signed-out">
      <div className="accounts-profile__avatar accounts-profile__avatar--empty" aria-hidden="true">
        <UserOutline />
      </div>
      <h2 className="accounts-signed-out__title">{t("account.signedOutTitle")}</h2>
      <p className="accounts-signed-out__text">{t("account.signedOutBody")}</p>
      <Button color="primary" size="large" block onClick={() => goToLogin()}>
        {t("actions.login")}
      </Button>
    </section>
  );
}

/** /pages/user/account: who I am, credit score, real-name state, messages, records, language, theme, logout. */
export default function Account() {
  const { t } = useTranslation(["accounts", "security"]);
  // `?sheet=language` (the seeded language shortcut, an operator's link) opens the language picker at once.
  const [params] = useSearchParams();
  const [picking, setPicking] = useState(() => params.get("sheet") === "language");
  const { token, signedIn, user } = useSession();
  const unread = useUnreadCount(token).data ?? 0;
  const logout = useLogout();
  const status = user?.users.real_name_status;

  const onLogout = async () => {
    if (await confirm({ content: t("account.logoutConfirm"), confirmText: t("common:actions.logout") })) {
      await logout();
    }
  };

  return (
    <Page title={t("common:pages.account")}>
      {signedIn ? <ProfileCard user={user} /> : <SignedOut />}
      {signedIn && (
        <List className="accounts-list" header={t("account.sectionAccount")}>
          <ListRow
            prefix={<UserContactOutline aria-hidden="true" />}
            extra={status && <span className={STATUS_CLASS[status]}>{t(`account.realNameStatus.${status}`)}</span>}
            to={PATHS.realName}
          >
            {t("common:pages.realName")}
          </ListRow>
          <ListRow
            prefix={<BellOutline aria-hidden="true" />}
            extra={
              unread > 0 ? (
                <Badge content={unread > 99 ? "99+" : unread} aria-label={t("account.unread", { count: unread })} />
              ) : undefined
            }
            to={PATHS.messages}
          >
            {t("common:pages.messages")}
          </ListRow>
          <ListRow prefix={<CheckShieldOutline aria-hidden="true" />} to={SECURITY_PATH}>
            {t("security:pages.security")}
          </ListRow>
          <ListRow prefix={<BillOutline aria-hidden="true" />} to={PATHS.bills}>
            {t("common:pages.accountBill")}
          </ListRow>
          <ListRow prefix={<PayCircleOutline aria-hidden="true" />} to={PATHS.rechargeLog}>
            {t("common:pages.rechargeLog")}
          </ListRow>
        </List>
      )}
      <List className="accounts-list" header={t("account.sectionSettings")}>
        <ListRow
          prefix={<GlobalOutline aria-hidden="true" />}
          extra={LOCALE_NAMES[currentLocale()]}
          onClick={() => setPicking(true)}
        >
          {t("common:labels.language")}
        </ListRow>
        <List.Item prefix={<ThemeIcon />}>
          <ThemeSwitch />
        </List.Item>
      </List>
      {signedIn && (
        <div className="page-actions">
          <Button block color="danger" fill="outline" size="large" onClick={() => void onLogout()}>
            {t("common:actions.logout")}
          </Button>
        </div>
      )}
      <p className="app-version">{t("common:labels.version", { version: APP_VERSION, code: APP_VERSION_CODE })}</p>
      <LanguagePicker visible={picking} onClose={() => setPicking(false)} />
    </Page>
  );
}
