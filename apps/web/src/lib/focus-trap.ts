const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where focus was when each trap (a sheet, a dialog) took it: kept after it closes, for traps closed together. */
const openers = new WeakMap<HTMLElement, HTMLElement | null>();

/** Visible and enabled: it can take focus now (a button inside a sheet that has slid away cannot). */
function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    element.getClientRects().length > 0 &&
    !element.closest('[inert], [disabled], [data-focus-trap="closed"]')
  );
}

/**
 * Gives focus back to `opener`; when it can no longer take it (it was inside a sheet closed at the same time, or
 * it is gone), to what opened that sheet, and so on; last to the page's main content, so that focus never drops to
 * the document's body (decision 117).
 */
export function returnFocus(opener: HTMLElement | null): void {
  let target = opener;
  for (let hops = 0; target && hops < 8; hops++) {
    if (canTakeFocus(target)) {
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return;
    }
    const trap = [...document.querySelectorAll<HTMLElement>("[data-focus-trap]")].find((node) => node.contains(target));
    target = trap ? (openers.get(trap) ?? null) : null;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active instanceof HTMLElement && canTakeFocus(active)) return;
  document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
}

/**
 * Moves focus into `node` (onto `initial`, a dialog inside it, when given), keeps Tab inside it, calls `onEscape` on Escape (keys are heard on `keyTarget`: the
 * node, or the document when focus may sit outside it), and gives focus back to where it was when the returned
 * cleanup runs.
 */
export function trapFocus(
  node: HTMLElement,
  onEscape: () => void,
  keyTarget: HTMLElement | Document = node,
  initial: HTMLElement = node,
) {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  openers.set(node, previous);
  node.setAttribute("data-focus-trap", "open");
  initial.focus({ preventScroll: true });
  const onKeyDown = (event: Event) => {
    if (!(event instanceof KeyboardEvent)) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(canTakeFocus);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const inside = active instanceof Node && node.contains(active);
    if (event.shiftKey && (active === first || active === node || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  keyTarget.addEventListener("keydown", onKeyDown);
  return () => {
    keyTarget.removeEventListener("keydown", onKeyDown);
    // Closing (it may still be sliding away): nothing in it takes focus back.
    node.setAttribute("data-focus-trap", "closed");
    const active = document.activeElement;
    // Only when focus is still in the closing node (or lost): a user who moved on elsewhere keeps their place.
    if (!active || active === document.body || node.contains(active)) returnFocus(previous);
  };
}
