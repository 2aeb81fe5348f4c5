declare global {
  interface Window {
    /** Set by the inline shell/boot.js: stops keeping taps on the shell's buttons and hands over those it kept. */
    __shellTaps?: () => Element[];
  }
}

let pending: Element[] = [];

/** Called just before the app hydrates the shell: from here on, React receives the taps. */
export function takeShellTaps(): void {
  pending = window.__shellTaps?.() ?? [];
}

/**
 * Called once the app's layout is on the screen: the last button tapped in the shell before hydration is tapped
 * again (if it is still there), so that "Log in to trade" tapped early is not lost. Only the last: replaying a
 * series could undo itself (a toggle tapped twice).
 */
export function replayShellTaps(): void {
  const last = pending.at(-1);
  pending = [];
  if (last instanceof HTMLElement && last.isConnected) last.click();
}
