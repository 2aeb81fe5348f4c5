/**
 * Registers the service worker (public build only: `vite build` writes sw.js, see pwa/service-worker.js), once the
 * page has loaded so that its precaching never competes with the first screen. It keeps the shell for offline use;
 * the API, the socket and uploaded files always go to the network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("./sw.js").catch(() => {
      // No service worker (blocked, private mode): the app works online as before.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
