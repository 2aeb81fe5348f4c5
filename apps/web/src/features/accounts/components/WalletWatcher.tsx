import { useEffect } from "react";
import { getInjectedProvider } from "../lib/provider";

/**
 * Mount once for the whole app: watches the browser wallet (renders nothing). Most visitors have none, so the
 * watcher's code (lib/watch-wallet.ts, with the sign-in it may start) loads only where one is injected.
 */
export function WalletWatcher() {
  useEffect(() => {
    const provider = getInjectedProvider();
    if (!provider) {
      console.info("wallet: no browser wallet installed");
      return;
    }
    let stop: (() => void) | undefined;
    let active = true;
    void import("../lib/watch-wallet").then(({ watchWallet }) => {
      if (active) stop = watchWallet(provider);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return null;
}
