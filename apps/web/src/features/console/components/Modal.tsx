import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "@/lib/i18n";

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** The buttons at the bottom (the close button is always there). */
  actions?: ReactNode;
  wide?: boolean;
}

/** A centered dialog for desktop forms; Escape or the close button dismisses it. */
export function Modal({ title, children, onClose, actions, wide }: ModalProps) {
  const { t } = useTranslation("console");
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    panel.current?.querySelector<HTMLElement>("input, textarea, select, button")?.focus();
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="console-modal">
      <div
        ref={panel}
        className={wide ? "console-modal__panel console-modal__panel--wide" : "console-modal__panel"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="console-modal__title">
          {title}
        </h2>
        <div className="console-modal__body">{children}</div>
        <div className="console-modal__actions">
          <button type="button" className="console-button" onClick={onClose}>
            {t("common.cancel")}
          </button>
          {actions}
        </div>
      </div>
    </div>
  );
}
