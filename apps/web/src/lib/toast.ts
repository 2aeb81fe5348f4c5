import { TOAST_DURATION_MS } from "@cryptos/contract";
import { Toast } from "antd-mobile";
import { createElement, type ReactNode } from "react";
import { showDialog } from "./dialog";
import { i18n } from "./i18n";

/** How long a notice stays: a sentence, not a word. */
const NOTICE_DURATION_MS = 5000;

let liveRegion: HTMLElement | undefined;

/** Says `text` to assistive technology through one visually hidden `role="status"` region. */
function announce(text: string): void {
  if (!liveRegion) {
    liveRegion = document.createElement("div");
    liveRegion.setAttribute("role", "status");
    liveRegion.setAttribute("aria-live", "polite");
    liveRegion.className = "live-announcer";
    document.body.append(liveRegion);
  }
  liveRegion.textContent = text;
}

type Icon = "success" | "error" | "loading" | "none";

function show(content: ReactNode, icon: Icon, duration = TOAST_DURATION_MS, position?: "top"): void {
  Toast.show({ content, icon: icon === "none" ? undefined : icon, duration, ...(position ? { position } : {}) });
}

/** The spec's toasts: 1500 ms, icons success / error / loading / none; a loading toast stays until hidden. */
export const toast = {
  success: (content: ReactNode) => show(content, "success"),
  error: (content: ReactNode) => show(content, "error"),
  info: (content: ReactNode) => show(content, "none"),
  /**
   * Something that happened elsewhere (a price alert): no icon, long enough to read a sentence. antd-mobile's toast
   * sits under an aria-hidden mask, so the text is also put in a polite live region for screen readers.
   */
  notice: (text: string) => {
    // At the top, clear of the forms and tab bar of whatever screen the user is on.
    show(createElement("span", { className: "toast-notice" }, text), "none", NOTICE_DURATION_MS, "top");
    announce(text);
  },
  loading: (content?: ReactNode) => show(content ?? i18n.t("common:status.loading"), "loading", 0),
  hide: () => Toast.clear(),
};

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

/**
 * A modal with the spec's OK and Cancel; resolves true on OK, false on Cancel or Escape. It is a modal dialog to
 * assistive technology (role="dialog", aria-modal, named by its title), so tests find it with getByRole("dialog").
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    showDialog({
      role: "dialog",
      title: options.title,
      content: options.content,
      actions: [
        {
          key: "confirm",
          text: options.confirmText ?? i18n.t("common:actions.ok"),
          primary: true,
          onClick: () => resolve(true),
        },
        { key: "cancel", text: options.cancelText ?? i18n.t("common:actions.cancel"), onClick: () => resolve(false) },
      ],
      // Closing after OK also lands here; a promise keeps its first answer.
      onDismiss: () => resolve(false),
    });
  });
}

/** A modal with one OK button (role="alertdialog"). */
export function alert(content: ReactNode, title?: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    showDialog({
      role: "alertdialog",
      title,
      content,
      actions: [{ key: "ok", text: i18n.t("common:actions.ok"), primary: true, onClick: () => resolve() }],
      onDismiss: () => resolve(),
    });
  });
}
