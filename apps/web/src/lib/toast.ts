import { TOAST_DURATION_MS } from "@cryptos/contract";
import { createElement, type ReactNode } from "react";
import { i18n } from "./i18n";
import type { ToastIcon } from "./overlays";

/** How long a notice stays: a sentence, not a word. */
const NOTICE_DURATION_MS = 5000;

/**
 * antd-mobile's Toast and Modal bring its animation and gesture libraries (about 40 KB gzip): they load on the first
 * toast or dialog, not with the app (decision 032). The service worker precaches the chunk, so this works offline.
 */
let overlays: Promise<typeof import("./overlays")> | undefined;
function loadOverlays() {
  overlays ??= import("./overlays").catch((error: unknown) => {
    overlays = undefined; // A failed download is tried again by the next toast.
    throw error;
  });
  return overlays;
}

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

/**
 * Counts toast requests: one shown or hidden while the implementation downloads replaces the ones before it, as it
 * would once loaded (antd-mobile shows one toast at a time), so a toast hidden before it appeared never appears.
 */
let latest = 0;

function show(content: ReactNode, icon: ToastIcon, duration = TOAST_DURATION_MS, position?: "top"): void {
  const request = ++latest;
  loadOverlays().then(
    (o) => {
      if (request === latest) o.showToast(content, icon, duration, position);
    },
    () => undefined,
  );
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
  hide: () => {
    latest++;
    // Nothing can be showing before the implementation has loaded.
    void overlays?.then(
      (o) => o.clearToasts(),
      () => undefined,
    );
  },
};

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

/**
 * A modal with the spec's OK and Cancel; resolves true on OK, false on Cancel or Escape (or when the dialog could
 * not be downloaded). It is a modal dialog to assistive technology (role="dialog", aria-modal, named by its title),
 * so tests find it with getByRole("dialog").
 */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  const o = await loadOverlays().catch(() => undefined);
  if (!o) return false;
  return new Promise((resolve) => {
    o.showDialog({
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
export async function alert(content: ReactNode, title?: ReactNode): Promise<void> {
  const o = await loadOverlays().catch(() => undefined);
  if (!o) return;
  return new Promise((resolve) => {
    o.showDialog({
      role: "alertdialog",
      title,
      content,
      actions: [{ key: "ok", text: i18n.t("common:actions.ok"), primary: true, onClick: () => resolve() }],
      onDismiss: () => resolve(),
    });
  });
}
