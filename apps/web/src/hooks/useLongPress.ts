import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS } from "@cryptos/contract";
import { type PointerEvent, useCallback, useEffect, useRef } from "react";

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onContextMenu: (event: { preventDefault: () => void }) => void;
}

/** Fires after 350 ms of holding still; a move over 10 px (a scroll) cancels it. Used to copy addresses and ids. */
export function useLongPress(onLongPress: () => void, delayMs = LONG_PRESS_MS): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const callback = useRef(onLongPress);
  callback.current = onLongPress;

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown: (event) => {
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        callback.current();
      }, delayMs);
    },
    onPointerMove: (event) => {
      const origin = start.current;
      if (!origin) return;
      const moved = Math.hypot(event.clientX - origin.x, event.clientY - origin.y);
      if (moved > LONG_PRESS_MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    // The browser's own long-press menu would cover ours.
    onContextMenu: (event) => event.preventDefault(),
  };
}
