import { useEffect, useLayoutEffect } from "react";
import { OfflineBanner } from "@/components/OfflineBanner";
import { TAB_PATHS, TabBar } from "@/components/TabBar";
import { WalletWatcher } from "@/features/accounts";
import { PriceAlertToasts } from "@/features/market";
import { useLocation } from "@/lib/router";
import { replayShellTaps } from "@/lib/shell-taps";
import { applyThemeForRoute } from "@/lib/theme";
import { ScrollRestoration } from "./ScrollRestoration";

/** The page column (max 960 px, centered); the tab bar only on the four tab pages; the offline banner when offline. */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.has(pathname);
  // Before paint, so that entering or leaving the console never shows a frame in the other theme.
  useLayoutEffect(() => applyThemeForRoute(pathname), [pathname]);
  // Taps on the shell's buttons that React could not take yet, replayed once it owns them (lib/shell-taps.ts).
  useEffect(() => replayShellTaps(), []);
  return (
    <div className={withTabs ? "app app--tabs" : "app"}>
      {children}
      {withTabs && <TabBar />}
      <OfflineBanner aboveTabBar={withTabs} />
      <ScrollRestoration />
      <WalletWatcher />
      <PriceAlertToasts />
    </div>
  );
}
