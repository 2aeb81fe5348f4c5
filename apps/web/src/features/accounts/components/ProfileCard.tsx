import { Skeleton } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import type { UserInfo } from "@/lib/session";
import { shortAddress } from "../lib/provider";

/** Who is signed in: email, or the wallet address in short, with the user id and the credit score. */
export function ProfileCard({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation("accounts");
  if (!user) {
    return (
      <section className="accounts-profile" aria-busy="true" aria-label={t("common:status.loading")}>
        <Skeleton className="accounts-profile__avatar-skeleton" animated />
        <div className="accounts-profile__main">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      </section>
    );
  }
  const { email, address, id, credit_score } = user.userinfo;
  const name = email ?? (address ? shortAddress(address) : t("account.user", { id }));
  const initial = (email ?? address?.slice(2) ?? "?").charAt(0).toUpperCase();
  return (
    <section className="accounts-profile" aria-label={t("account.profile")}>
      <div className="accounts-profile__avatar" aria-hidden="true">
        {initial}
      </div>
      <div className="accounts-profile__main">
        <p className="accounts-profile__name" title={email ?? address ?? undefined} data-testid="account-name">
          {name}
        </p>
        <p className="accounts-profile__meta">
          {t("account.uid", { id })}
          <span className="accounts-profile__dot" aria-hidden="true">
            ·
          </span>
          {address && !email ? t("account.viaWallet") : t("account.viaEmail")}
        </p>
      </div>
      <div className="accounts-profile__score">
        <span className="accounts-profile__score-value">{credit_score}</span>
        <span className="accounts-profile__score-label">{t("account.creditScore")}</span>
      </div>
    </section>
  );
}
