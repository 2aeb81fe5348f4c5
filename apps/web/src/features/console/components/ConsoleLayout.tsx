import { type ReactNode, useEffect } from "react";
import { LanguageButton } from "@/components/LanguagePicker";
import { useTranslation } from "@/lib/i18n";
import { NavLink } from "@/lib/router";
import { useDashboard } from "../api/get-dashboard";
import { useOperatorLogout } from "../api/session";
import { useOperatorEmail } from "../lib/operator-session";
import { IncidentBanner } from "./IncidentBanner";

type NavItem = { to: string; label: string; count?: number };

function NavGroup({ title, items }: { title: string; items: NavItem[] }) {
  const { t } = useTranslation("console");
  return (
    <div className="console-nav__group">
      <h2 className="console-nav__title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === "/admin"}
              className={({ isActive }) =>
                isActive ? "console-nav__link console-nav__link--active" : "console-nav__link"
              }
            >
              <span>{item.label}</span>
              {item.count ? (
                <span className="console-nav__count">
                  <span aria-hidden="true">{item.count}</span>
                  <span className="console-visually-hidden">{t("nav.pendingCount", { count: item.count })}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Desktop frame: a top bar (operator, language, log out) and the section menu on the left. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("console");
  const email = useOperatorEmail();
  const logout = useOperatorLogout();
  const pending = useDashboard().data?.pending;
  return (
    <div className="console-shell">
      <header className="console-topbar">
        <span className="console-topbar__brand">{t("title")}</span>
        <span className="console-topbar__spacer" />
        {email && <span className="console-topbar__who">{email}</span>}
        <LanguageButton />
        <button type="button" className="console-button" onClick={() => logout.mutate()}>
          {t("common.logout")}
        </button>
      </header>
      <div className="console-main">
        <nav className="console-nav" aria-label={t("nav.label")}>
          <NavGroup
            title={t("nav.overview")}
            items={[
              { to: "/admin", label: t("nav.dashboard") },
              { to: "/admin/ledger", label: t("nav.ledger") },
              { to: "/admin/incidents", label: t("nav.incidents") },
            ]}
          />
          <NavGroup
            title={t("nav.reviews")}
            items={[
              { to: "/admin/deposits", label: t("nav.deposits"), count: pending?.deposits },
              { to: "/admin/withdrawals", label: t("nav.withdrawals"), count: pending?.withdrawals },
              { to: "/admin/real-names", label: t("nav.realNames"), count: pending?.real_names },
            ]}
          />
          <NavGroup title={t("nav.people")} items={[{ to: "/admin/users", label: t("nav.users") }]} />
          <NavGroup
            title={t("nav.configuration")}
            items={[
              { to: "/admin/pairs", label: t("nav.pairs") },
              { to: "/admin/updown", label: t("nav.updown") },
              { to: "/admin/staking", label: t("nav.staking") },
              { to: "/admin/channels", label: t("nav.channels") },
              { to: "/admin/networks", label: t("nav.networks") },
              { to: "/admin/chains", label: t("nav.chains") },
              { to: "/admin/reserves", label: t("nav.reserves") },
              { to: "/admin/funds", label: t("nav.funds") },
              { to: "/admin/webview", label: t("nav.webview") },
            ]}
          />
          <NavGroup
            title={t("nav.content")}
            items={[
              { to: "/admin/news", label: t("nav.news") },
              { to: "/admin/outbox", label: t("nav.outbox") },
              { to: "/admin/audit", label: t("nav.audit") },
            ]}
          />
          <NavGroup title={t("nav.account")} items={[{ to: "/admin/security", label: t("nav.security") }]} />
        </nav>
        <main className="console-content">
          <IncidentBanner />
          {children}
        </main>
      </div>
    </div>
  );
}

/** A screen's heading (also the document title) and its optional tools on the right. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation("console");
  const suffix = t("title");
  useEffect(() => {
    document.title = `${title} · ${suffix}`;
  }, [title, suffix]);
  return (
    <div className="console-screen-header">
      <h1>{title}</h1>
      {children && <div className="console-screen-header__tools">{children}</div>}
    </div>
  );
}
