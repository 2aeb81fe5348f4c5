import { UserOutline } from "@/components/icons";
import { useTranslation } from "@/lib/i18n";
import { ACCOUNT_PATH, loginPath } from "@/lib/paths";
import { useNavigate } from "@/lib/router";
import { useToken } from "@/lib/session";

/**
 * The person button at the left of every tab screen's header: the way to Account (profile, real name, security,
 * logout), as Coinbase and Binance have it. Signed out, it opens the login page, which comes back to Account.
 */
export function AccountButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  return (
    <button
      type="button"
      className="icon-button header-account"
      aria-label={t("pages.account")}
      onClick={() => void navigate(token ? ACCOUNT_PATH : loginPath(ACCOUNT_PATH))}
    >
      <UserOutline fontSize={24} aria-hidden="true" />
    </button>
  );
}
