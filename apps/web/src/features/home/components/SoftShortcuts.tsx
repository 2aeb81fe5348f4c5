import { useNavigate } from "react-router";
import { useTranslation } from "@/lib/i18n";
import type { MenuEntry } from "../api/get-menus";
import { MenuIcon } from "./MenuIcon";
import { menuTarget } from "./menu-route";

/** The secondary shortcuts from `getmenusoft`, as a row of chips. */
export function SoftShortcuts({ items }: { items: MenuEntry[] | undefined }) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  if (!items || items.length === 0) return null;
  return (
    <nav className="home-soft" aria-label={t("shortcuts.label")}>
      {items.map((entry) => {
        const target = menuTarget(entry.route);
        return (
          <button
            key={entry.key}
            type="button"
            className="home-soft__chip"
            disabled={!target}
            onClick={() => target && void navigate(target)}
          >
            <MenuIcon name={entry.icon} className="home-soft__icon" />
            {entry.label}
          </button>
        );
      })}
    </nav>
  );
}
