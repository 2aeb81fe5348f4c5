import { List } from "antd-mobile";
import { useState } from "react";
import { ListRow } from "@/components/ListRow";
import { CheckShieldOutline } from "@/components/outline-icons/CheckShieldOutline";
import { KeyOutline } from "@/components/outline-icons/KeyOutline";
import { LockOutline } from "@/components/outline-icons/LockOutline";
import { SendOutline } from "@/components/outline-icons/SendOutline";
import { Page } from "@/components/Page";
import { useTranslation } from "@/lib/i18n";
import { WITHDRAW_ADDRESSES_PATH } from "@/lib/paths";
import { useRequireAuth, useSession } from "@/lib/session";
import { ChangePasswordSheet } from "../components/ChangePasswordSheet";
import { LoginHistory } from "../components/LoginHistory";
import { TotpDisableSheet } from "../components/TotpDisableSheet";
import { TotpSetupSheet } from "../components/TotpSetupSheet";
import { RESET_PASSWORD_PATH } from "../lib/paths";
import "../accounts.css";
import "../security.css";

type Sheet = "password" | "totp-on" | "totp-off" | null;

/**
 * /pages/user/security: change or reset the password, two-step verification (authenticator app) on or off, and
 * the login history with "sign out other sessions". Password and two-step verification are for email accounts;
 * a wallet account signs in with its wallet's signature.
 */
export default function Security() {
  const { t } = useTranslation("security");
  const signedIn = useRequireAuth();
  const { user } = useSession();
  const [sheet, setSheet] = useState<Sheet>(null);
  const close = () => setSheet(null);
  const hasEmail = Boolean(user?.userinfo.email);
  const totpOn = user?.userinfo.totp_enabled === true;

  return (
    <Page title={t("pages.security")}>
      {signedIn && user && (
        <>
          {hasEmail ? (
            <>
              <List className="accounts-list" header={t("password.section")}>
                <ListRow prefix={<LockOutline aria-hidden="true" />} onClick={() => setSheet("password")}>
                  {t("password.change")}
                </ListRow>
                <ListRow
                  prefix={<KeyOutline aria-hidden="true" />}
                  description={t("password.resetByEmail")}
                  to={RESET_PASSWORD_PATH}
                >
                  {t("password.forgot")}
                </ListRow>
              </List>
              <List className="accounts-list" header={t("totp.section")}>
                <ListRow
                  prefix={<CheckShieldOutline aria-hidden="true" />}
                  description={t("totp.about")}
                  extra={
                    <span className={totpOn ? "accounts-status accounts-status--ok" : "accounts-status"}>
                      {totpOn ? t("totp.on") : t("totp.off")}
                    </span>
                  }
                  onClick={() => setSheet(totpOn ? "totp-off" : "totp-on")}
                >
                  {t("totp.name")}
                </ListRow>
              </List>
            </>
          ) : (
            <p className="security-note">{t("password.walletOnly")}</p>
          )}
          <List className="accounts-list" header={t("withdrawals.section")}>
            <ListRow
              prefix={<SendOutline aria-hidden="true" />}
              description={t("common:addressRule")}
              to={WITHDRAW_ADDRESSES_PATH}
            >
              {t("withdrawals.addresses")}
            </ListRow>
          </List>
          <LoginHistory />
          <ChangePasswordSheet visible={sheet === "password"} onClose={close} />
          <TotpSetupSheet visible={sheet === "totp-on"} onClose={close} />
          <TotpDisableSheet visible={sheet === "totp-off"} onClose={close} />
        </>
      )}
    </Page>
  );
}
