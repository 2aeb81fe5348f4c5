import { Toast } from "antd-mobile";
import type { ReactNode } from "react";
import { setupAntdMobileRender } from "./antd-render";

export { showDialog } from "./dialog";

// antd-mobile's imperative Toast and Modal are the only parts of it that render through its render hook; this module
// is what toast.ts loads on the first toast or dialog, so the hook is set here, before either shows.
setupAntdMobileRender();

export type ToastIcon = "success" | "error" | "loading" | "none";

export function showToast(content: ReactNode, icon: ToastIcon, duration: number, position?: "top"): void {
  Toast.show({ content, icon: icon === "none" ? undefined : icon, duration, ...(position ? { position } : {}) });
}

export function clearToasts(): void {
  Toast.clear();
}
