const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into `node`, keeps Tab inside it, calls `onEscape` on Escape (keys are heard on `keyTarget`: the
 * node, or the document when focus may sit outside it), and gives focus back to where it was when the returned
 * cleanup runs.
 */
export function trapFocus(node: HTMLElement, onEscape: () => void, keyTarget: HTMLElement | Document = node) {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  node.focus({ preventScroll: true });
  const onKeyDown = (event: Event) => {
    if (!(event instanceof KeyboardEvent)) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
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
    if (previous?.isConnected) previous.focus({ preventScroll: true });
  };
}
