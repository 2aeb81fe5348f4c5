import { REACH_BOTTOM_THROTTLE_MS } from "@cryptos/contract";
import { type RefCallback, useCallback, useEffect, useRef } from "react";

/**
 * Calls `onReachBottom` when a sentinel element (put it after the last list item) scrolls into view, at most
 * once per 350 ms. Returns the ref for the sentinel. Pass `enabled: false` while loading or when there is no
 * more to load.
 */
export function useReachBottom(onReachBottom: () => void, enabled = true): RefCallback<HTMLElement> {
  const callback = useRef(onReachBottom);
  callback.current = onReachBottom;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const last = useRef(0);
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!enabledRef.current || !entries.some((entry) => entry.isIntersecting)) return;
        const now = Date.now();
        if (now - last.current < REACH_BOTTOM_THROTTLE_MS) return;
        last.current = now;
        callback.current();
      },
      { rootMargin: "0px 0px 80px 0px" },
    );
    observer.current.observe(node);
  }, []);
}
