import { type ComponentType, lazy, Suspense } from "react";
import { DelayedLoader } from "@/components/Loader";

type PageModule = Promise<{ default: ComponentType }>;

/** Every page loads lazily; its loader appears only after 200 ms and turns into "retry" after 60 s. */
export function lazyPage(load: () => PageModule) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<DelayedLoader />}>
      <Screen />
    </Suspense>
  );
}

/** The spec's route table (§2), exactly; `/` is an alias of the home page. Feature pages default-export. */
export const PAGE_ROUTES: ReadonlyArray<{ path: string; load: () => PageModule }> = [
  { path: "/pages/index/index", load: () => import("@/features/home/pages/Home") },
  { path: "/pages/login", load: () => import("@/features/accounts/pages/Login") },
  { path: "/pages/markets/markets", load: () => import("@/features/market/pages/Markets") },
  { path: "/pages/assets/assets", load: () => import("@/features/funds/pages/Assets") },
  { path: "/pages/transaction/transaction", load: () => import("@/features/updown/pages/Transaction") },
  { path: "/pages/common/webview", load: () => import("@/features/content/pages/WebView") },
  { path: "/pages/common/help", load: () => import("@/features/content/pages/Help") },
  { path: "/pages/common/ammhelp", load: () => import("@/features/content/pages/AmmHelp") },
  { path: "/pages/user/account", load: () => import("@/features/accounts/pages/Account") },
  { path: "/pages/user/account-bill", load: () => import("@/features/funds/pages/AccountBill") },
  { path: "/pages/user/recharge", load: () => import("@/features/funds/pages/Recharge") },
  { path: "/pages/user/recharge-log", load: () => import("@/features/funds/pages/RechargeLog") },
  { path: "/pages/user/message", load: () => import("@/features/messages/pages/Messages") },
  { path: "/pages/user/message-id", load: () => import("@/features/messages/pages/MessageDetail") },
  { path: "/pages/user/realname", load: () => import("@/features/identity/pages/RealName") },
  { path: "/pages/index/arbitrage", load: () => import("@/features/staking/pages/Arbitrage") },
  { path: "/pages/index/arbitrage-order", load: () => import("@/features/staking/pages/ArbitrageOrder") },
  { path: "/pages/index/arbitrage-product", load: () => import("@/features/staking/pages/ArbitrageProduct") },
  { path: "/pages/index/markets-business", load: () => import("@/features/market/pages/MarketsBusiness") },
  {
    path: "/pages/index/markets-business-order",
    load: () => import("@/features/updown/pages/MarketsBusinessOrder"),
  },
  /** The operator console (issue 9): its own chunk, never in the user bundle. */
  { path: "/admin/*", load: () => import("@/features/console") },
];
