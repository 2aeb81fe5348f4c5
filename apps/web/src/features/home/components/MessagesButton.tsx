import { Badge } from "antd-mobile";
import { BellOutline } from "@/components/icons";
import { useTranslation } from "@/lib/i18n";
import { useNavigate } from "@/lib/router";
import { useToken } from "@/lib/session";
import { useUnreadCount } from "../api/get-unread-count";

/** A bell to the messages; when signed in it carries the unread count. */
export function MessagesButton() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const token = useToken();
  const { data: unread = 0 } = useUnreadCount(token);
  const count = token ? unread : 0;
  const label = count > 0 ? t("messages.unread", { count }) : t("messages.open");
  return (
    // The name is the hidden text, not an aria-label: the badge's visible count is then part of the name as a
    // screen reader and voice control see it (axe label-content-name-mismatch).
    <button type="button" className="icon-button" onClick={() => void navigate("/pages/user/message")}>
      <span className="visually-hidden">{label}</span>
      <Badge
        aria-hidden="true"
        content={count > 0 ? (count > 99 ? "99+" : count) : null}
        style={{ "--right": "2px", "--top": "2px" }}
      >
        <BellOutline fontSize={22} />
      </Badge>
    </button>
  );
}
