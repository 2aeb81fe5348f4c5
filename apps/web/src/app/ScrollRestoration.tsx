import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "@/lib/router";

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = new Map<string, number>();

/** A new page starts at the top, and going back or forward returns to where that page was left. */
export function ScrollRestoration() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // The page left is measured while it is still on the screen: the render for the next address comes before its
  // commit, and by any effect the document may be shorter and its scroll already clamped. A render React drops and
  // does again writes the same figure.
  const shown = useRef(key);
  if (shown.current !== key) {
    positions.set(shown.current, window.scrollY);
    shown.current = key;
  }

  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  useLayoutEffect(() => {
    const target = navigationType === "POP" ? (positions.get(key) ?? 0) : 0;
    window.scrollTo(0, target);
    if (window.scrollY >= target) return;
    // The page's rows may come a moment later (its data arrives in a deferred render): follow them down to where the
    // page was left, for a few seconds at most, unless the user scrolls first.
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
    };
    const observer = new ResizeObserver(() => {
      window.scrollTo(0, target);
      if (window.scrollY >= target) stop();
    });
    observer.observe(document.body);
    const timer = setTimeout(stop, 3_000);
    window.addEventListener("wheel", stop, { passive: true });
    window.addEventListener("touchstart", stop, { passive: true });
    return stop;
  }, [key, navigationType]);

  return null;
}
