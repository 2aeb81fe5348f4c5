import { whenSettled } from "./idle";

/**
 * Registers the service worker (production builds only: `vite build` writes sw.js, see pwa/sw.js)
 * once the page has loaded and then been idle, so that its precaching (one file at a time, at low priority) never
 * competes with the first screen. It keeps the shell for offline use; the API, the socket and uploaded files always
 * go to the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("./sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What this page loaded before the worker existed (its translations among them) is cached too, so that
        // the same screens open offline.
        const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
        registration.active?.postMessage({ type: "cache-loaded", urls });
      })
      .catch(() => {
        // No service worker (blocked, private mode): the app works online as before.
      });
  };
  whenSettled(register);
}
