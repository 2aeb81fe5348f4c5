import { Button, CenterPopup } from "antd-mobile";
import { CloseOutline, SoundOutline } from "antd-mobile-icons";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RichText } from "@/components/RichText";
import { trapFocus } from "@/lib/dialog";
import { formatDate } from "@/lib/format";
import { useSession } from "@/lib/session";
import { useAnnouncement } from "../api/get-announcement";
import { hasSeenAnnouncement, markAnnouncementSeen } from "../lib/announcement-seen";

const toBody = () => document.body;

/**
 * The latest announcement as a modal dialog, once per announcement: dismissed (close button, "Got it", Escape or a
 * tap beside it), it is remembered for this user, or this visitor, on this device. It waits for the session, so a
 * signed-in user is never shown what they already dismissed. It floats over Home; nothing beneath it moves.
 */
export function AnnouncementPopup() {
  const { t } = useTranslation("home");
  const { data: announcement } = useAnnouncement();
  const { token, user } = useSession();
  const [dismissed, setDismissed] = useState<number | null>(null);
  // undefined while a stored token's user is still loading: not yet known whose "seen" applies.
  const reader = token ? user?.userinfo.id : null;
  const open =
    !!announcement &&
    reader !== undefined &&
    dismissed !== announcement.id &&
    !hasSeenAnnouncement(announcement.id, reader);

  const dismiss = () => {
    if (!announcement || reader === undefined) return;
    markAnnouncementSeen(announcement.id, reader);
    setDismissed(announcement.id);
  };

  return (
    <CenterPopup
      visible={open}
      onMaskClick={dismiss}
      getContainer={toBody}
      destroyOnClose
      bodyClassName="home-notice"
      style={{ "--max-width": "min(22rem, calc(100vw - 2rem))" }}
    >
      {announcement && (
        <NoticeDialog
          title={announcement.title}
          body={announcement.body}
          createdAt={announcement.created_at}
          label={t("announcement.label")}
          closeLabel={t("common:actions.close")}
          dismissLabel={t("announcement.dismiss")}
          onDismiss={dismiss}
        />
      )}
    </CenterPopup>
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
