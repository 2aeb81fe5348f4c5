import { type ComponentType, useEffect, useLayoutEffect, useState } from "react";
import { OfflineBanner } from "@/components/OfflineBanner";
import { SkipLink } from "@/components/SkipLink";
import { TAB_PATHS, TabBar } from "@/components/TabBar";
import { WalletWatcher } from "@/features/accounts";
import { useLocation } from "@/lib/router";
import { useToken } from "@/lib/session";
import { replayShellTaps } from "@/lib/shell-taps";
import { applyThemeForRoute } from "@/lib/theme";
import { ScrollRestoration } from "./ScrollRestoration";

/**
 * The signed-in user's live parts (app/SignedInLive.tsx), loaded after the first render and only once someone is
 * signed in. A load that fails (offline on a first visit) is tried again at the next sign-in or reload.
 */
function useSignedInLive(): ComponentType | null {
  const signedIn = useToken() !== null;
  const [Live, setLive] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!signedIn || Live) return;
    let current = true;
    import("./SignedInLive").then(
      (module) => current && setLive(() => module.SignedInLive),
      (error: unknown) => console.warn("signed-in live parts did not load", error),
    );
    return () => {
      current = false;
    };
  }, [signedIn, Live]);
  return signedIn ? Live : null;
}

/** The page column (max 960 px, centered); the tab bar only on the four tab pages; the offline banner when offline. */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.has(pathname);
  const Live = useSignedInLive();
  // Before paint, so that entering or leaving the console never shows a frame in the other theme.
  useLayoutEffect(() => applyThemeForRoute(pathname), [pathname]);
  // Taps on the shell's buttons that React could not take yet, replayed once it owns them (lib/shell-taps.ts).
  useEffect(() => replayShellTaps(), []);
  return (
    <div className={withTabs ? "app app--tabs" : "app"}>
      <SkipLink />
      {children}
      {withTabs && <TabBar />}
      <OfflineBanner aboveTabBar={withTabs} />
      <ScrollRestoration />
      <WalletWatcher />
      {Live && <Live />}
    </div>
  );
}
