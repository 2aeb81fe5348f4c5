import { STORAGE_KEYS } from "@cryptos/contract";
import { i18n } from "@/lib/i18n";
import { LOGIN_PATH } from "@/lib/paths";
import { sessionStore } from "@/lib/session-store";
import { storage } from "@/lib/storage";
import { toast } from "@/lib/toast";
import { relaunch } from "./navigation";
import { asAccounts, connectedAccounts, type Eip1193Provider } from "./provider";
import { isWalletSession, storedAddress, walletLogin } from "./wallet-session";

async function onDisconnected(): Promise<void> {
  await i18n.loadNamespaces("accounts");
  toast.info(i18n.t("accounts:wallet.disconnected"));
  storage.remove(STORAGE_KEYS.address);
  sessionStore.clear();
  relaunch(LOGIN_PATH);
}

/**
 * Watches the injected wallet for the whole app (spec §4 Launch): an empty account list signs out to the login
 * page with the toast 'MetaMask is disconnected.'; a connected account with no stored token signs in. Our
 * addition: when a wallet session's account switches to another address, that address signs in instead (the
 * session must not stay with an account the wallet no longer shows).
 */
export function watchWallet(provider: Eip1193Provider): () => void {
  let active = true;
  const onAccountsChanged = (value: unknown) => {
    if (!active) return;
    const [account] = asAccounts(value);
    if (!account) {
      void onDisconnected();
      return;
    }
    const current = storedAddress();
    if (isWalletSession() && current && current.toLowerCase() !== account.toLowerCase()) {
      void walletLogin(provider, account);
    }
  };
  provider.on?.("accountsChanged", onAccountsChanged);
  void connectedAccounts(provider)
    .then(([account]) => {
      if (active && account && !sessionStore.token()) void walletLogin(provider, account, { quiet: true });
    })
    .catch((error: unknown) => console.info("wallet: could not read the connected accounts", error));
  return () => {
    active = false;
    provider.removeListener?.("accountsChanged", onAccountsChanged);
  };
}
