import { Button } from "antd-mobile";
import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { CloseOutline } from "@/components/outline-icons/CloseOutline";
import { SoundOutline } from "@/components/outline-icons/SoundOutline";
import { RichText } from "@/components/RichText";
import { trapFocus } from "@/lib/focus-trap";
import { formatDate } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { useAnnouncement } from "../api/get-announcement";
import { hasSeenAnnouncement, markAnnouncementSeen } from "../lib/announcement-seen";

/** How long the popup takes to fade out; home.css animates it. */
const CLOSING_MS = 200;

/**
 * The latest announcement as a modal dialog, once per announcement: dismissed (close button, "Got it", Escape or a
 * tap beside it), it is remembered for this user, or this visitor, on this device. It waits for the session, so a
 * signed-in user is never shown what they already dismissed. It floats over Home; nothing beneath it moves.
 *
 * A first visit shows it with the home screen, so it is drawn with CSS here rather than with antd-mobile's
 * CenterPopup, whose animation and gesture libraries would add about 25 KB gzip to the first screen (decision 032).
 */
export function AnnouncementPopup() {
  const { t } = useTranslation("home");
  // Deferred (decision 081): not in the render that hydrates the shell (which has no popup), and drawn in slices.
  const announcement = useDeferredValue(useAnnouncement().data ?? null, null);
  const { token, user } = useSession();
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [closing, setClosing] = useState(false);
  // undefined while a stored token's user is still loading: not yet known whose "seen" applies.
  const reader = token ? user?.userinfo.id : null;
  const open =
    !!announcement &&
    reader !== undefined &&
    dismissed !== announcement.id &&
    !hasSeenAnnouncement(announcement.id, reader);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setClosing(false), CLOSING_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const dismiss = () => {
    if (!announcement || reader === undefined || dismissed === announcement.id) return;
    markAnnouncementSeen(announcement.id, reader);
    setDismissed(announcement.id);
    setClosing(true);
  };

  if (!announcement || !(open || closing)) return null;
  return createPortal(
    <div className={closing ? "home-notice-overlay home-notice-overlay--closing" : "home-notice-overlay"}>
      <div className="home-notice-overlay__mask" aria-hidden="true" onClick={dismiss} />
      <div className="home-notice-overlay__wrap">
        <div className="home-notice">
          <NoticeDialog
            title={announcement.title}
            body={announcement.body}
            createdAt={announcement.created_at}
            label={t("announcement.label")}
            closeLabel={t("common:actions.close")}
            dismissLabel={t("announcement.dismiss")}
            onDismiss={dismiss}
          />
        </div>
      </div>
    </div>,
    document.body,
  );
}

interface NoticeDialogProps {
  title: string;
  body: string;
  createdAt: string;
  label: string;
  closeLabel: string;
  dismissLabel: string;
  onDismiss: () => void;
}

/** The dialog itself: named by its title, focused when it opens, Escape dismisses, Tab stays inside. */
function NoticeDialog({ title, body, createdAt, label, closeLabel, dismissLabel, onDismiss }: NoticeDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLElement>(null);
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    return trapFocus(node, () => onDismissRef.current(), document);
  }, []);

  return (
    <section
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      tabIndex={-1}
      className="home-notice__dialog"
      data-testid="home-announcement-popup"
    >
      <div className="home-notice__head">
        <span className="home-notice__label">
          <SoundOutline aria-hidden="true" />
          {label}
        </span>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onDismiss}>
          <CloseOutline fontSize={20} />
        </button>
      </div>
      <h2 id={`${id}-title`} className="home-notice__title">
        {title}
      </h2>
      <time className="home-notice__date" dateTime={createdAt}>
        {formatDate(createdAt)}
      </time>
      <div id={`${id}-body`} className="home-notice__body">
        <RichText html={body} />
      </div>
      <Button block color="primary" onClick={onDismiss}>
        {dismissLabel}
      </Button>
    </section>
  );
}
