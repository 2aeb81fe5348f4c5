import { useTranslation } from "@/lib/i18n";

/** The id of every page's main content (components/Page). */
export const PAGE_BODY_ID = "page-body";

/**
 * The first stop of Tab on every screen, shown only when focused: "Skip to content" moves focus past the header
 * (and, on the tab pages, ahead of the tab bar) to the page's main content (decision 117). The app routes by the
 * address's hash, so the link moves focus itself rather than by its `#page-body` address.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${PAGE_BODY_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(PAGE_BODY_ID);
        main?.focus({ preventScroll: true });
        main?.scrollIntoView({ block: "start" });
      }}
    >
      {t("actions.skipToContent")}
    </a>
  );
}
