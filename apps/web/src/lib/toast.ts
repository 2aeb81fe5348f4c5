import { TOAST_DURATION_MS } from "@cryptos/contract";
import { Modal, Toast } from "antd-mobile";
import type { ReactNode } from "react";
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

/** A modal with the spec's OK and Cancel; resolves true on OK. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return Modal.confirm({
    title: options.title,
    content: options.content,
    confirmText: options.confirmText ?? i18n.t("common:actions.ok"),
    cancelText: options.cancelText ?? i18n.t("common:actions.cancel"),
  });
}

/** A modal with one OK button. */
export function alert(content: ReactNode, title?: ReactNode): Promise<void> {
  return Modal.alert({ title, content, confirmText: i18n.t("common:actions.ok") });
}
