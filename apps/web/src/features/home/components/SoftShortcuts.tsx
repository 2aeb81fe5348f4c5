import { useState } from "react";
import { LanguagePicker } from "@/components/LanguagePicker";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import type { MenuEntry } from "../api/get-menus";
import { MenuIcon } from "./MenuIcon";
import { menuTarget, opensLanguagePicker } from "./menu-route";

/**
 * The secondary shortcuts from `getHomeShortcuts`, as a row of chips. The language chip opens the language picker here,
 * on Home, rather than leading away to Account.
 */
export function SoftShortcuts({ items }: { items: MenuEntry[] | undefined }) {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  if (!items || items.length === 0) return null;
  return (
    <nav className="home-soft" aria-label={t("shortcuts.label")}>
      {items.map((entry) => {
        const target = menuTarget(entry.route);
        const picker = target !== null && opensLanguagePicker(target);
        return (
          <button
            key={entry.key}
            type="button"
            className="home-soft__chip"
            disabled={!target}
            aria-haspopup={picker ? "dialog" : undefined}
            onClick={() => {
              if (picker) setPicking(true);
              else if (target) void navigate(target);
            }}
          >
            <MenuIcon name={entry.icon} className="home-soft__icon" />
            {entry.label}
          </button>
        );
      })}
      <LanguagePicker visible={picking} onClose={() => setPicking(false)} />
    </nav>
  );
}
