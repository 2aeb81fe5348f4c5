import type { ComponentType } from "react";
import { NavLink } from "react-router";
import { AppOutline, HistogramOutline, PayCircleOutline, UnorderedListOutline } from "@/components/icons";
import { useTranslation } from "@/lib/i18n";

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
  return (
    <nav className="tab-bar" aria-label={t("tabs.label")}>
      {TABS.map(({ key, path, Icon }) => (
        <NavLink key={key} to={path} end className={({ isActive }) => (isActive ? "tab tab--active" : "tab")}>
          <Icon className="tab__icon" />
          <span className="tab__label">{t(`tabs.${key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
