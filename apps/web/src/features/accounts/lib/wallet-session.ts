import { STORAGE_KEYS, WALLET_LOGIN_TYPE } from "@cryptos/contract";
import { ApiError } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { afterLoginPath } from "@/lib/paths";
import { storage } from "@/lib/storage";
import { toast } from "@/lib/toast";
import { relaunch } from "./navigation";
import { type Eip1193Provider, isUserRejection } from "./provider";

let running: Promise<boolean> | null = null;

/** The sentence the wallet shows above the sign-in message, in the user's language (one line, as EIP-4361 wants). */
export async function signInStatement(): Promise<string> {
  await i18n.loadNamespaces("accounts");
  return i18n.t("accounts:wallet.statement").replace(/\s+/g, " ");
}

/**
 * Signs in with `account` and relaunches where the login page was asked to return (else home). One sign-in at a time (the launch check and a tap on the
 * login page must not ask the wallet twice). Resolves false when the wallet or the server said no; the server's
 * message is toasted, a cancel in the wallet is not.
 */
export function walletLogin(provider: Eip1193Provider, account: string, { quiet = false } = {}): Promise<boolean> {
  running ??= (async () => {
    try {
      const [{ signInWithWallet }, statement] = await Promise.all([import("./wallet-sign-in"), signInStatement()]);
      await signInWithWallet(provider, account, statement);
      relaunch(afterLoginPath());
      return true;
    } catch (error) {
      if (error instanceof ApiError) toast.info(error.msg);
      else if (!isUserRejection(error) && !quiet) toast.info(i18n.t("accounts:wallet.failed"));
      console.info("wallet sign-in did not complete", error);
      return false;
    } finally {
      running = null;
    }
  })();
  return running;
}

export const isWalletSession = () => storage.get(STORAGE_KEYS.loginType) === String(WALLET_LOGIN_TYPE);
export const storedAddress = () => storage.get(STORAGE_KEYS.address);
