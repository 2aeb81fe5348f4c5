/** shell/boot.js (inline in index.html) marks #root with it when it put a tab's prerendered shell there. */
export const SHELL_ATTRIBUTE = "data-shell";

/**
 * React's hydration errors, by their production codes (react.dev/errors/N): 418 the markup differs, 419 a boundary
 * the prerender left to the client, 421 a boundary updated before it hydrated, 422/423 recovered by client
 * rendering, 425 text differs.
 */
const HYDRATION_CODES = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i;

/**
 * The shell is a tab's first screen before its data: where data (or the signed-in user, or a language change) has
 * arrived by the time a boundary hydrates, its markup differs and React draws that boundary anew, which is the
 * expected way for the shell to turn into the page, not an error for the console. Anything else is reported.
 */
export function ignoreShellMismatch(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (HYDRATION_CODES.test(message)) return;
  reportError(error);
}

/**
 * The app's stylesheet, loaded: index.html carries only the rules its shells draw with, and shell/preload.js links the
 * whole stylesheet without holding the first paint (a build without shells links it as usual: nothing to wait for).
 * A stylesheet that fails to load does not stop the app: it draws with the rules it has.
 */
export function appStylesheetLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>("link[data-app-styles]");
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
}
