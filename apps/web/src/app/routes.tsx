import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense } from "react";
import { DelayedLoader } from "@/components/Loader";
import { prefetchAssets } from "@/features/funds/prefetch";
import { prefetchHome } from "@/features/home/prefetch";
import { prefetchMarkets } from "@/features/market/prefetch";
import { prefetchTrade } from "@/features/updown/prefetch";
import { prefetchCurrencyDecimals } from "@/lib/currencies";
import { currentLocale, initI18n, retryTranslations } from "@/lib/i18n";
import { HOME_PATH } from "@/lib/paths";
import { matchPath } from "@/lib/router";
import { prefetchSession } from "@/lib/session";

type PageModule = Promise<{ default: ComponentType }>;
/** Starts the reads a page makes on its first render, for the app starting on that page (see preloadPage). */
type Prefetch = (client: QueryClient, locale: string) => void;

/** The code of the page the app started on, once preloadPage has it: drawn at once rather than suspending. */
const startPages = new Map<() => PageModule, ComponentType>();

/** Tries a page's code again twice, after 0.5 s and 1.5 s, unless the browser says it is offline. */
async function importWithRetry(load: () => PageModule): PageModule {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= 2 || navigator.onLine === false) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 500 : 1500));
    }
  }
}

/** The pages whose code failed to download: RouteError's retry makes them try again. */
const failedPages = new Set<() => void>();

/** Forget failed downloads (page code and translations), so that the next render tries again. */
export function retryFailedPages(): void {
  for (const reset of failedPages) reset();
  failedPages.clear();
  retryTranslations();
}

/**
 * Every page loads lazily; its loader appears only after 200 ms and turns into "retry" after 60 s. A failed download
 * is retried with backoff, then goes to RouteError ("You are offline", retry) rather than being asked for again.
 */
export function lazyPage(load: () => PageModule) {
  const make = () =>
    lazy(() =>
      importWithRetry(load).catch((error: unknown) => {
        failedPages.add(() => {
          Screen = make();
        });
        throw error;
      }),
    );
  let Screen = make();
  function Page() {
    const Loaded = startPages.get(load);
    return Loaded ? <Loaded /> : <Screen />;
  }
  return (
    <Suspense fallback={<DelayedLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The spec's route table (§2), exactly; `/` is an alias of the home page. Feature pages default-export. `ns` is the
 * page's translation namespace (its feature's name), loaded with "common" when the app starts on that page.
 */
export const PAGE_ROUTES: ReadonlyArray<{ path: string; load: () => PageModule; ns: string; prefetch?: Prefetch }> = [
  {
    path: "/pages/index/index",
    load: () => import("@/features/home/pages/Home"),
    ns: "home",
    prefetch: prefetchHome,
  },
  { path: "/pages/login", load: () => import("@/features/accounts/pages/Login"), ns: "accounts" },
  {
    path: "/pages/markets/markets",
    load: () => import("@/features/market/pages/Markets"),
    ns: "market",
    prefetch: prefetchMarkets,
  },
  {
    path: "/pages/assets/assets",
    load: () => import("@/features/funds/pages/Assets"),
    ns: "funds",
    prefetch: prefetchAssets,
  },
  {
    path: "/pages/transaction/transaction",
    load: () => import("@/features/updown/pages/Transaction"),
    ns: "updown",
    prefetch: prefetchTrade,
  },
  { path: "/pages/common/webview", load: () => import("@/features/content/pages/WebView"), ns: "content" },
  { path: "/pages/common/help", load: () => import("@/features/content/pages/Help"), ns: "content" },
  { path: "/pages/common/ammhelp", load: () => import("@/features/content/pages/AmmHelp"), ns: "content" },
  { path: "/pages/user/account", load: () => import("@/features/accounts/pages/Account"), ns: "accounts" },
  { path: "/pages/user/account-bill", load: () => import("@/features/funds/pages/AccountBill"), ns: "funds" },
  { path: "/pages/user/recharge", load: () => import("@/features/funds/pages/Recharge"), ns: "funds" },
  { path: "/pages/user/recharge-log", load: () => import("@/features/funds/pages/RechargeLog"), ns: "funds" },
  { path: "/pages/user/message", load: () => import("@/features/messages/pages/Messages"), ns: "messages" },
  { path: "/pages/user/message-id", load: () => import("@/features/messages/pages/MessageDetail"), ns: "messages" },
  { path: "/pages/user/realname", load: () => import("@/features/identity/pages/RealName"), ns: "identity" },
  { path: "/pages/index/arbitrage", load: () => import("@/features/staking/pages/Arbitrage"), ns: "staking" },
  {
    path: "/pages/index/arbitrage-order",
    load: () => import("@/features/staking/pages/ArbitrageOrder"),
    ns: "staking",
  },
  {
    path: "/pages/index/arbitrage-product",
    load: () => import("@/features/staking/pages/ArbitrageProduct"),
    ns: "staking",
  },
  {
    path: "/pages/index/markets-business",
    load: () => import("@/features/market/pages/MarketsBusiness"),
    ns: "market",
  },
  {
    path: "/pages/index/markets-business-order",
    load: () => import("@/features/updown/pages/MarketsBusinessOrder"),
    ns: "updown",
  },
  /** Added by this build (README): the security center, the forgotten-password reset, the address book. */
  { path: "/pages/user/security", load: () => import("@/features/accounts/pages/Security"), ns: "security" },
  { path: "/pages/user/reset-password", load: () => import("@/features/accounts/pages/ResetPassword"), ns: "security" },
  {
    path: "/pages/user/withdraw-addresses",
    load: () => import("@/features/funds/pages/WithdrawAddresses"),
    ns: "funds",
  },
  /** The operator console (issue 9): its own chunk, never in the user bundle. `*?`: `/admin` itself too. */
  { path: "/admin/*?", load: () => import("@/features/console"), ns: "console" },
];

/**
 * Starts loading the code of the page that `hash` (the address's `#/...`) opens, ahead of the router, which asks for
 * it only once the app has rendered, and the translations it needs with "common"; then starts the reads the page
 * makes first, so that they travel while its code downloads. Resolves when the translations are in: the app can
 * draw (a page whose code is in by then draws at once, without suspending). A failure is left to the page's own
 * load or query, which shows it.
 */
export function preloadPage(hash: string, client: QueryClient): Promise<void> {
  const path = hash.replace(/^#/, "").split("?")[0] || "/";
  const target = path === "/" ? HOME_PATH : path;
  const route = PAGE_ROUTES.find((r) => matchPath(r.path, target));
  // The translations first: the app's first render waits for them. initI18n settles the language before its first
  // await, and the reads below are asked for in it.
  const translations = initI18n(route ? [route.ns] : []);
  prefetchCurrencyDecimals(client);
  prefetchSession(client);
  route?.prefetch?.(client, currentLocale());
  // The page's code in a task of its own: asking for it adds a <link> per chunk (some thirty on Trade), which
  // together with the reads above made one long task. The app hydrates once it is in too: a tap on the shell can
  // then hydrate the page's part at once, where a part without its code would drop the tap.
  const page = new Promise<void>((resolve) => {
    setTimeout(() => {
      if (!route) return resolve();
      route.load().then(
        (module) => {
          startPages.set(route.load, module.default);
          resolve();
        },
        () => resolve(),
      );
    });
  });
  return Promise.all([translations, page]).then(() => undefined);
}
