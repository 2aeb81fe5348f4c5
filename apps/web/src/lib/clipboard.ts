import { i18n } from "./i18n";
import { toast } from "./toast";

function copyWithSelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text and says so: 'Content copied' (or `copiedMessage`, e.g. a warning that a demo address was copied) or
 * 'Copy failed, please copy manually'.
 */
export async function copyText(text: string, copiedMessage?: string): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    copied = copyWithSelection(text);
  }
  if (copied) toast.success(copiedMessage ?? i18n.t("common:status.copied"));
  else toast.error(i18n.t("common:status.copyFailed"));
  return copied;
}
