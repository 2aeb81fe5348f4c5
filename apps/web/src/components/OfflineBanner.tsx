import { useTranslation } from "@/lib/i18n";
import { useOnline } from "../lib/network-status";

/**
 * "You are offline", above the tab bar (or the bottom edge), while the browser is offline or the server does not
 * answer. The polite live region is always in the page so that screen readers announce the banner when it appears;
 * the banner itself (role status) exists only while offline.
 */
export function OfflineBanner({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div aria-live="polite" className={aboveTabBar ? "offline-banner offline-banner--tabs" : "offline-banner"}>
      {!online && (
        <p role="status" className="offline-banner__text">
          <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {t("status.offline")}
        </p>
      )}
    </div>
  );
}
