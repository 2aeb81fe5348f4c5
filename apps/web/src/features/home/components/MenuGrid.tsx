import { Skeleton } from "antd-mobile";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import type { MenuEntry } from "../api/get-menus";
import { MenuIcon } from "./MenuIcon";
import { menuTarget } from "./menu-route";

export interface MenuGridProps {
  items: MenuEntry[] | undefined;
  loading: boolean;
}

/** The home menu grid from the `getHomeMenu` call: four to a row, icon and label, each opening its route. */
export function MenuGrid({ items, loading }: MenuGridProps) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  if (loading) {
    return (
      <div className="home-card home-menu" aria-hidden="true">
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    );
  }
  if (!items || items.length === 0) return null;
  return (
    <nav className="home-card home-menu" aria-label={t("menu.label")}>
      <ul className="home-menu__grid">
        {items.map((entry) => {
          const target = menuTarget(entry.route);
          return (
            <li key={entry.key}>
              <button
                type="button"
                className="home-menu__item"
                disabled={!target}
                onClick={() => target && void navigate(target)}
              >
                <span className="home-menu__icon">
                  <MenuIcon name={entry.icon} />
                </span>
                <span className="home-menu__label">{entry.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
