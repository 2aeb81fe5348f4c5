import { type ComponentType, useLayoutEffect, useRef } from "react";
import { AppOutline, HistogramOutline, PayCircleOutline, UnorderedListOutline } from "@/components/icons";
import { useTranslation } from "@/lib/i18n";
import { NavLink, useLocation } from "@/lib/router";

export interface Tab {
  key: "home" | "markets" | "trade" | "assets";
  path: string;
  Icon: ComponentType<{ className?: string }>;
}

/** The four tabs of the spec, in its order. */
export const TABS: readonly Tab[] = [
  { key: "home", path: "/pages/index/index", Icon: AppOutline },
  { key: "markets", path: "/pages/markets/markets", Icon: UnorderedListOutline },
  { key: "trade", path: "/pages/transaction/transaction", Icon: HistogramOutline },
  { key: "assets", path: "/pages/assets/assets", Icon: PayCircleOutline },
];

export const TAB_PATHS: ReadonlySet<string> = new Set(TABS.map((tab) => tab.path));

/** Bottom tab bar; the active tab is the current route (not the spec's always-active markets entry). */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // React keeps an attribute that differs from the prerendered shell's markup as it is: a tab tapped while the app
  // was hydrating (the router already at Markets when the tab bar hydrated) left Home marked current for good. The
  // links' active marks are set here to what React rendered, so that the DOM is what React believes it is.
  useLayoutEffect(() => {
    for (const [index, link] of Array.from(nav.current?.querySelectorAll("a") ?? []).entries()) {
      const active = TABS[index]?.path === pathname;
      link.className = active ? "tab tab--active" : "tab";
      if (active) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }, [pathname]);
  return (
    <nav ref={nav} className="tab-bar" aria-label={t("tabs.label")}>
      {TABS.map(({ key, path, Icon }) => (
        <NavLink key={key} to={path} end className={({ isActive }) => (isActive ? "tab tab--active" : "tab")}>
          <Icon className="tab__icon" />
          <span className="tab__label">{t(`tabs.${key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
