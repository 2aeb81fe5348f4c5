import { Toast } from "antd-mobile";
import type { ReactNode } from "react";
import { setupAntdMobileRender } from "./antd-render";

export { showDialog } from "./dialog";

// antd-mobile's imperative Toast and Modal are the only parts of it that render through its render hook; this module
// is what toast.ts loads on the first toast or dialog, so the hook is set here, before either shows.
setupAntdMobileRender();

export type ToastIcon = "success" | "error" | "loading" | "none";

export function showToast(content: ReactNode, icon: ToastIcon, duration: number, position?: "top"): void {
  // antd-mobile names its cross icon "fail": any other string is drawn as text (a large "error" over the message).
  const shown = icon === "none" ? undefined : icon === "error" ? "fail" : icon;
  Toast.show({ content, icon: shown, duration, ...(position ? { position } : {}) });
}

export function clearToasts(): void {
  Toast.clear();
}
