import { BACK_ICON_PX } from "@cryptos/contract";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "@/lib/i18n";
import { hasAppHistory, useNavigate } from "@/lib/router";
import { HOME_PATH } from "../lib/paths";

export interface PageHeaderProps {
  title: ReactNode;
  /** Show the back arrow (default true). Tab pages and Home hide it. */
  back?: boolean;
  left?: ReactNode;
  /** Replaces the title in the middle. */
  center?: ReactNode;
  right?: ReactNode;
}

/** Back goes one page back when there is history, else home (the spec's header rule). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  };
}

function BackIcon() {
  return (
    <svg width={BACK_ICON_PX} height={BACK_ICON_PX} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The fixed header of every page: status-bar placeholder, back arrow, left / center / right slots. */
export function PageHeader({ title, back = true, left, center, right }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <header className="page-header">
      <div className="page-header__fixed">
        <div className="status-bar" />
        <div className="page-header__bar">
          <div className="page-header__left">
            {back && (
              <button type="button" className="page-header__back" aria-label={t("actions.back")} onClick={goBack}>
                <BackIcon />
              </button>
            )}
            <Suspense>{left}</Suspense>
          </div>
          <div className="page-header__center">{center ?? <h1 className="page-header__title">{title}</h1>}</div>
          {/* Slots that follow data (a badge, the session) are boundaries: a prerendered shell keeps the rest. */}
          <div className="page-header__right">
            <Suspense>{right}</Suspense>
          </div>
        </div>
      </div>
    </header>
  );
}
