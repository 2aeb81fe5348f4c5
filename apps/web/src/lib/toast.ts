import { TOAST_DURATION_MS } from "@cryptos/contract";
import { Toast } from "antd-mobile";
import type { ReactNode } from "react";
import { showDialog } from "./dialog";
import { i18n } from "./i18n";

type Icon = "success" | "error" | "loading" | "none";

function show(content: ReactNode, icon: Icon, duration = TOAST_DURATION_MS): void {
  Toast.show({ content, icon: icon === "none" ? undefined : icon, duration });
}

/** The spec's toasts: 1500 ms, icons success / error / loading / none; a loading toast stays until hidden. */
export const toast = {
  success: (content: ReactNode) => show(content, "success"),
  error: (content: ReactNode) => show(content, "error"),
  info: (content: ReactNode) => show(content, "none"),
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
