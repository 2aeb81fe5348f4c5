import { useLayoutEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { OfflineBanner } from "@/components/OfflineBanner";
import { TAB_PATHS, TabBar } from "@/components/TabBar";
import { WalletWatcher } from "@/features/accounts";
import { PriceAlertToasts } from "@/features/market";
import { applyThemeForRoute } from "@/lib/theme";

/** The page column (max 960 px, centered); the tab bar only on the four tab pages; the offline banner when offline. */
export function AppLayout() {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.has(pathname);
  // Before paint, so that entering or leaving the console never shows a frame in the other theme.
  useLayoutEffect(() => applyThemeForRoute(pathname), [pathname]);
  return (
    <div className={withTabs ? "app app--tabs" : "app"}>
      <Outlet />
      {withTabs && <TabBar />}
      <OfflineBanner aboveTabBar={withTabs} />
      <ScrollRestoration />
      <WalletWatcher />
      <PriceAlertToasts />
    </div>
  );
}
