import { useTranslation } from "@/lib/i18n";
import { CloseOutline } from "./outline-icons/CloseOutline";

/**
 * The remove control of an uploaded image, for antd-mobile's ImageUploader `deleteIcon`: a real button inside antd's
 * clickable corner, so Tab reaches it and Enter or Space removes the image (antd's own is a bare span), with a name.
 */
export function ImageRemoveButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="image-remove" aria-label={t("actions.removeImage")}>
      <CloseOutline className="adm-image-uploader-cell-delete-icon" aria-hidden="true" />
    </button>
  );
}
