/** After the load event, the wait before `callback` runs when the browser has no idle callbacks. */
const IDLE_FALLBACK_MS = 3000;
/** After the load event, how long the page must have been quiet: the first screen's reads and its second draw. */
const SETTLE_MS = 2000;

/**
 * Runs `callback` once the page has loaded and then been idle, so that background work (the service worker's
 * precache, a copy kept for the next visit) never competes with the first screen.
 */
export function whenSettled(callback: () => void): void {
  const idle = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: IDLE_FALLBACK_MS });
      else callback();
    }, SETTLE_MS);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
