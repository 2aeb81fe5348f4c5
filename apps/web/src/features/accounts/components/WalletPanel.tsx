import { Button } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { getInjectedProvider, isUserRejection, requestAccounts } from "../lib/provider";
import { walletLogin } from "../lib/wallet-session";

function WalletIcon() {
  return (
    <svg className="accounts-wallet__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="6" y="12" width="36" height="26" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M6 18h30a6 6 0 0 1 6 6v0" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <rect x="30" y="22" width="12" height="8" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="35" cy="26" r="1.6" fill="currentColor" />
    </svg>
  );
}

/** Wallet sign-in (login type 3) with the injected browser wallet, or why it cannot happen here. */
export function WalletPanel() {
  const { t } = useTranslation("accounts");
  const [busy, setBusy] = useState(false);
  const provider = getInjectedProvider();

  if (!provider) {
    return (
      <section className="accounts-wallet" aria-labelledby="accounts-no-wallet">
        <WalletIcon />
        <h3 id="accounts-no-wallet" className="accounts-wallet__title">
          {t("wallet.noWallet")}
        </h3>
        <p className="accounts-wallet__text">{t("wallet.noWalletBody")}</p>
      </section>
    );
  }

  const connect = async () => {
    setBusy(true);
    try {
      const [account] = await requestAccounts(provider);
      if (!account) {
        toast.info(t("wallet.noAccount"));
        return;
      }
      await walletLogin(provider, account);
    } catch (error) {
      if (!isUserRejection(error)) toast.info(t("wallet.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="accounts-wallet" aria-labelledby="accounts-wallet-title">
      <WalletIcon />
      <h3 id="accounts-wallet-title" className="accounts-wallet__title">
        {t("wallet.title")}
      </h3>
      <p className="accounts-wallet__text">{t("wallet.intro")}</p>
      <Button
        block
        color="primary"
        size="large"
        loading={busy}
        loadingText={t("wallet.connecting")}
        onClick={() => void connect()}
      >
        {t("wallet.connect")}
      </Button>
    </section>
  );
}
