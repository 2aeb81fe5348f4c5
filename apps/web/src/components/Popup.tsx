import { Popup as AntdPopup, type PopupProps } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { trapFocus } from "@/lib/focus-trap";
import { useTranslation } from "@/lib/i18n";
import { CloseOutline } from "./outline-icons/CloseOutline";

export type { PopupProps };

/**
 * antd-mobile's Popup as a keyboard user needs it (decision 117): open, it takes focus and keeps Tab inside it;
 * Escape closes it; closed, focus goes back to what opened it. Its close button is a real button named in the
 * user's language (antd-mobile's is an `<a>` without href, named "Close" in English in most of its locales).
 * Same props as antd-mobile's Popup; import it from here, not from antd-mobile.
 */
export function Popup({ visible, onClose, showCloseButton, children, ...props }: PopupProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!visible || !body) return;
    // Focus lands on the dialog the sheet holds, when it has one, so that a screen reader announces it by its name.
    const dialog = body.querySelector<HTMLElement>('[role="dialog"]');
    if (dialog && !dialog.hasAttribute("tabindex")) dialog.tabIndex = -1;
    return trapFocus(body, () => onCloseRef.current?.(), body, dialog ?? body);
  }, [visible, body]);

  return (
    <AntdPopup visible={visible} onClose={onClose} showCloseButton={false} {...props}>
      <div ref={setBody} tabIndex={-1} className="popup-focus">
        {showCloseButton && (
          // antd-mobile's class too: its place in the sheet, and what tests and features already look for.
          <button
            type="button"
            className="adm-popup-close-icon popup-close"
            aria-label={t("actions.close")}
            onClick={onClose}
          >
            <CloseOutline aria-hidden="true" />
          </button>
        )}
        {children}
      </div>
    </AntdPopup>
  );
}
