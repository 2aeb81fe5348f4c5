/**
 * What the web view may show: paths of this origin in a frame; https pages of a host on the operator's allow-list
 * as a link that opens in a new tab (the app's CSP lets only this origin be framed); everything else (other
 * hosts, javascript:, data:, protocol-relative) is refused.
 */
export type WebViewTarget =
  | { kind: "missing" }
  | { kind: "route"; path: string }
  | { kind: "frame"; src: string }
  | { kind: "external"; href: string; host: string }
  | { kind: "refused"; host: string };

export function resolveWebViewUrl(raw: string | null, origin: string, allowedHosts: readonly string[] = []) {
  const value = raw?.trim() ?? "";
  if (!value) return { kind: "missing" } satisfies WebViewTarget;
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return { kind: "refused", host: value } satisfies WebViewTarget;
  }
  const sameOrigin = url.origin === origin;
  const allowed = url.protocol === "https:" && allowedHosts.includes(url.hostname.toLowerCase());
  if (!sameOrigin && !allowed) {
    return { kind: "refused", host: url.host || url.protocol.replace(/:$/, "") } satisfies WebViewTarget;
  }
  // A screen of this app: open it as a page, not as an app inside the app.
  if (sameOrigin && url.pathname.startsWith("/pages/")) {
    return { kind: "route", path: `${url.pathname}${url.search}` } satisfies WebViewTarget;
  }
  if (sameOrigin && url.hash.startsWith("#/pages/")) {
    return { kind: "route", path: url.hash.slice(1) } satisfies WebViewTarget;
  }
  if (!sameOrigin) return { kind: "external", href: url.href, host: url.host } satisfies WebViewTarget;
  return { kind: "frame", src: url.href } satisfies WebViewTarget;
}
