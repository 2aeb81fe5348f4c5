import { useWalletWatcher } from "../hooks/useWalletWatcher";

/** Mount once for the whole app: watches the browser wallet (renders nothing). */
export function WalletWatcher() {
  useWalletWatcher();
  return null;
}
