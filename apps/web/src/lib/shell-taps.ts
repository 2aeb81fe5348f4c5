declare global {
  interface Window {
    /** Set by the inline shell/boot.js, which holds taps on the shell's buttons that React does not own yet. */
    __shellTaps?: { take: () => Element[]; stop: () => void };
  }
}

/** How long after the layout's commit a held tap may still be replayed; then the boot script stops holding taps. */
const REPLAY_WINDOW_MS = 15_000;
const POLL_MS = 50;

/**
 * Whether React has hydrated (or rendered) a DOM node: it marks each with a `__reactFiber$…` key. React's own, not a
 * public API (shell/boot.js tests the same): were it renamed, every tap on the page's buttons would be held for the
 * first 15 s and none replayed, which the browser tests (they tap within seconds of loading) would show at once.
 */
const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));

/** The button now in the page for a held one that React drew again instead of hydrating: the first with its label. */
function sameButton(held: Element): HTMLElement | null {
  const label = held.getAttribute("aria-label") ?? held.textContent?.trim();
  if (!label) return null;
  for (const button of document.querySelectorAll<HTMLElement>("#root button")) {
    if ((button.getAttribute("aria-label") ?? button.textContent?.trim()) === label) return button;
  }
  return null;
}

/**
 * Called once the app's layout is on the screen: the last button tapped in the shell before React owned it is
 * tapped again once React does, so that "Log in to trade" or "Change language" tapped early is not lost. Only the
 * last: replaying a series could undo itself (a toggle tapped twice). Returns the cleanup for an effect.
 */
export function replayShellTaps(): () => void {
  const taps = window.__shellTaps;
  if (!taps) return () => {};
  const started = performance.now();
  let last: Element | undefined;
  const timer = setInterval(() => {
    last = taps.take().at(-1) ?? last;
    const target = last && (last.isConnected ? last : sameButton(last));
    if (target instanceof HTMLElement && ownedByReact(target)) {
      last = undefined;
      target.click();
    }
    if (performance.now() - started > REPLAY_WINDOW_MS) {
      clearInterval(timer);
      taps.stop();
    }
  }, POLL_MS);
  return () => clearInterval(timer);
}
