import { RightOutline } from "@/components/outline-icons/RightOutline";
import { SoundOutline } from "@/components/outline-icons/SoundOutline";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import { useAnnouncement } from "../api/get-announcement";

/** The latest announcement as a banner; tapping it opens the message. Nothing when there is none. */
export function AnnouncementBar() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const { data } = useAnnouncement();
  if (!data) return null;
  const open = () => void navigate(`/pages/user/message-id?id=${data.id}`);
  return (
    <button type="button" className="home-announcement" onClick={open} data-testid="home-announcement">
      <SoundOutline className="home-announcement__icon" aria-hidden="true" />
      <span className="home-sr-only">{t("announcement.label")}: </span>
      <span className="home-announcement__title">{data.title}</span>
      <span className="home-announcement__more">
        {t("announcement.more")}
        <RightOutline aria-hidden="true" />
      </span>
    </button>
  );
}
