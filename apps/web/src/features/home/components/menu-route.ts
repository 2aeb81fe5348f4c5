import { ACCOUNT_PATH } from "@/lib/paths";

/**
 * Where a menu entry leads. Entries are operator data: an app route ("/pages/...") opens in place, a web
 * address opens in the web view (which applies its own allow-list), anything else is ignored.
 */
export function menuTarget(route: string): string | null {
  const value = route.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  if (/^https?:\/\//i.test(value)) return `/pages/common/webview?url=${encodeURIComponent(value)}`;
  return null;
}

/** The seeded language shortcut leads to Account's language sheet (`?sheet=language`): on Home it opens in place. */
export function opensLanguagePicker(target: string): boolean {
  const [path, query = ""] = target.split("?", 2);
  return path === ACCOUNT_PATH && new URLSearchParams(query).get("sheet") === "language";
}
